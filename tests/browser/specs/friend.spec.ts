import { Browser, BrowserContext, expect, Page, test } from '@playwright/test';
import { playUci, plies, scriptedGames, square } from './helpers';

// Two browser contexts are two devices: nothing is shared between them but
// the links the test carries from one to the other, as a player would by a
// chat app. The pages ask no STUN server (`ice=none`): on one machine the
// devices find each other by their own addresses.

/** The invitation link's page address, with `ice=none` before its fragment. */
function offline(link: string): string {
  const [page, fragment] = link.split('#');
  return `${page}?ice=none#${fragment}`;
}

interface Pair {
  inviter: Page;
  friend: Page;
  contexts: BrowserContext[];
}

/** The inviter invites (the game chosen by `choose`), the friend accepts, and
 * the reply link is opened in a new tab of the inviter's browser, which
 * hands it to the waiting tab: the game begins on both pages. */
async function connect(browser: Browser, choose: (page: Page) => Promise<void> = async () => {}): Promise<Pair> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await expect(inviter.getByTestId('friend-dialog')).toBeVisible();
  await choose(inviter);
  await inviter.getByTestId('friend-invite').click();
  const inviteField = inviter.getByTestId('invite-link');
  await expect(inviteField).toHaveValue(/#rtc=/);
  const invitation = await inviteField.inputValue();
  // The connection data travels in the fragment only.
  expect(new URL(invitation).search).toBe('');
  await expect(inviter.getByTestId('friend-qr')).toBeVisible();

  const friend = await contexts[1].newPage();
  await friend.goto(offline(invitation));
  await expect(friend.getByTestId('friend-invitation')).toBeVisible();
  await friend.getByTestId('friend-accept').click();
  const replyField = friend.getByTestId('reply-link');
  await expect(replyField).toHaveValue(/#rtc=/);
  const reply = await replyField.inputValue();

  // The reply link opened in the inviter's browser reaches the waiting tab.
  const handler = await contexts[0].newPage();
  await handler.goto(offline(reply));
  await expect(handler.getByTestId('friend-handed')).toHaveAttribute('data-taken', 'true');
  await handler.close();

  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('friend-dialog')).toHaveCount(0);
  }
  return { inviter, friend, contexts };
}

test('a friend on another device: invited, accepted, a game of Mansindam to checkmate', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await expect(friend.getByTestId('friend-news')).toHaveCount(0);
  await expect(inviter.getByTestId('friend-news')).toHaveText(/Your friend accepted/);
  await expect(inviter.getByTestId('status')).toHaveText('Your move (White)');
  await expect(friend.getByTestId('status')).toHaveText("Your friend's move (White)");
  // Each player's side is at the bottom of their board.
  for (const [page, own] of [[inviter, 'a1'], [friend, 'a9']] as const) {
    const other = own === 'a1' ? 'a9' : 'a1';
    const ownBox = await square(page, own).boundingBox();
    const otherBox = await square(page, other).boundingBox();
    expect(ownBox!.y).toBeGreaterThan(otherBox!.y);
  }
  const game = scriptedGames()[0];
  expect(game.variant).toBe('mansindam');
  for (const [i, uci] of game.moves.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [inviter, friend] : [friend, inviter];
    await playUci(mover, uci);
    await expect(watcher.getByTestId('status')).toHaveAttribute('data-plies', String(i + 1));
    const to = uci.slice(2, 4);
    await expect(square(watcher, to)).toHaveAttribute('aria-label', await square(mover, to).getAttribute('aria-label') as string);
  }
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveText(game.status);
  }
  expect(await plies(friend)).toBe(game.moves.length);
  await Promise.all(contexts.map((c) => c.close()));
});

test('a move out of turn cannot be made, and a phrase reaches the friend', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  // Black's page offers no move while White is to move.
  await square(friend, 'e7').click();
  await expect(friend.locator('[data-square].dest')).toHaveCount(0);
  await friend.getByTestId('say-0').click();
  await expect(inviter.getByTestId('friend-news')).toHaveText(/Your friend says: Hello!/);
  await Promise.all(contexts.map((c) => c.close()));
});
