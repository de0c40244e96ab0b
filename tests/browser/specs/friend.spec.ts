import { Browser, BrowserContext, expect, Page, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoViolations, playUci, plies, scriptedGames, square } from './helpers';

const artifacts = join(__dirname, '..', 'artifacts');

// Two browser contexts are two devices: nothing is shared between them but
// the links the test carries from one to the other, as a player would by a
// chat app. The pages ask no STUN server (`ice=none`, which the links carry
// along): on one machine the devices find each other by their own addresses.

/** Two devices, each recording any Content-Security-Policy violation. */
async function devices(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext[]> {
  const contexts = [await browser.newContext(options), await browser.newContext(options)];
  for (const context of contexts) {
    await context.addInitScript(() => {
      (window as any).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
      );
      // The page's data channels, for a test to close them as a failing
      // network does.
      const channels: RTCDataChannel[] = ((window as any).channels = []);
      const create = RTCPeerConnection.prototype.createDataChannel;
      RTCPeerConnection.prototype.createDataChannel = function (this: RTCPeerConnection, ...args: any[]) {
        const channel = (create as any).apply(this, args);
        channels.push(channel);
        return channel;
      } as any;
    });
  }
  return contexts;
}

/** No CSP violation on either page, then both devices are put away. */
async function close(pages: Page[], contexts: BrowserContext[]) {
  for (const page of pages) {
    expect(await page.evaluate(() => (window as any).violations)).toEqual([]);
  }
  await Promise.all(contexts.map((c) => c.close()));
}

interface Pair {
  inviter: Page;
  friend: Page;
  contexts: BrowserContext[];
}

/** The inviter invites (the game chosen by `choose`), the friend accepts, and
 * the reply link is opened in a new tab of the inviter's browser, which
 * hands it to the waiting tab: the game begins on both pages. */
async function connect(
  browser: Browser,
  choose: (page: Page) => Promise<void> = async () => {},
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Pair> {
  const contexts = await devices(browser, options);
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await expect(inviter.getByTestId('friend-dialog')).toBeVisible();
  await choose(inviter);
  await inviter.getByTestId('friend-invite').click();
  const inviteField = inviter.getByTestId('invite-link');
  await expect(inviteField).toHaveValue(/#rtc=/);
  const invitation = await inviteField.inputValue();
  // The connection data travels in the fragment only; the query carries
  // the inviter's choice of servers.
  expect(new URL(invitation).search).toBe('?ice=none');
  await expect(inviter.getByTestId('friend-qr')).toBeVisible();

  const friend = await contexts[1].newPage();
  await friend.goto(invitation);
  await expect(friend.getByTestId('friend-invitation')).toBeVisible();
  await friend.getByTestId('friend-accept').click();
  const replyField = friend.getByTestId('reply-link');
  await expect(replyField).toHaveValue(/#rtc=/);
  const reply = await replyField.inputValue();

  // The reply link opened in the inviter's browser reaches the waiting tab.
  const handler = await contexts[0].newPage();
  await handler.goto(reply);
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
  // The hands name the players as every mode with one player here does.
  await expect(inviter.getByTestId('player-white')).toHaveText('You');
  await expect(inviter.getByTestId('player-black')).toHaveText('Friend');
  await expect(friend.getByTestId('player-black')).toHaveText('You');
  await expect(friend.getByTestId('player-white')).toHaveText('Friend');
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
  await close([inviter, friend], contexts);
});

/** The clock face of a side as a page shows it. */
const clock = (page: Page, side: 'white' | 'black') => page.getByTestId(`clock-${side}`);

/** After a drop: the page that left is shown how to reconnect and no
 * claim; the page that stayed counts down to one. */
async function expectFairDrop(gone: Page, stayed: Page) {
  await expect(gone.getByTestId('friend-link')).toHaveAttribute('data-state', 'left');
  await expect(gone.getByTestId('friend-link')).toContainText('You left the game');
  await expect(gone.getByTestId('friend-reconnect')).toBeVisible();
  await expect(gone.getByTestId('friend-countdown')).toHaveCount(0);
  await expect(gone.getByTestId('friend-claim')).toHaveCount(0);
  await expect(stayed.getByTestId('friend-link')).toHaveAttribute('data-state', 'away');
  await expect(stayed.getByTestId('friend-countdown')).toContainText('you may claim the win in');
  // The page that left still offers no claim a while later.
  await gone.waitForTimeout(1_500);
  await expect(gone.getByTestId('friend-countdown')).toHaveCount(0);
}

test('a reload on either side: only the friend who stayed may claim', async ({ browser }) => {
  for (const reloads of ['inviter', 'friend'] as const) {
    const { inviter, friend, contexts } = await connect(browser);
    await playUci(inviter, 'e3e4');
    await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
    const [gone, stayed] = reloads === 'inviter' ? [inviter, friend] : [friend, inviter];
    await gone.reload();
    await expect(gone.getByTestId('status')).toHaveAttribute('data-plies', '1');
    await expectFairDrop(gone, stayed);
    await close([inviter, friend], contexts);
  }
});

test('a lost network on either side: only the friend who stayed online may claim', async ({ browser }) => {
  for (const loses of [0, 1]) {
    const { inviter, friend, contexts } = await connect(browser);
    await playUci(inviter, 'e3e4');
    await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
    const [gone, stayed] = loses === 0 ? [inviter, friend] : [friend, inviter];
    // The device goes offline, and the channel with it.
    await contexts[loses].setOffline(true);
    await gone.evaluate(() => (window as any).channels.forEach((c: RTCDataChannel) => c.close()));
    await expectFairDrop(gone, stayed);
    await contexts[loses].setOffline(false);
    await close([inviter, friend], contexts);
  }
});

test('a clock: the same times on both pages, and the increment', async ({ browser }) => {
  // 1 minute + 5 s a move, White (the inviter) to move.
  const { inviter, friend, contexts } = await connect(browser, async (page) => {
    await page.getByTestId('clock-minutes').fill('1');
    await page.getByTestId('clock-increment').fill('5');
  });
  for (const page of [inviter, friend]) {
    await expect(clock(page, 'black')).toHaveText('1:00');
  }
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  // White's move took a moment; the increment brings it above a minute, and
  // both pages agree to the second.
  for (const page of [inviter, friend]) {
    await expect(clock(page, 'white')).toHaveText(/^1:0[0-5]$/);
  }
  expect(await clock(inviter, 'white').textContent()).toBe(await clock(friend, 'white').textContent());
  await close([inviter, friend], contexts);
});

test('byoyomi runs out: both pages see the same loss on time', async ({ browser }) => {
  // No main time, one period of 3 s: White's flag falls unless White moves.
  const { inviter, friend, contexts } = await connect(browser, async (page) => {
    await page.getByTestId('clock-minutes').fill('0');
    await page.getByTestId('clock-byoyomi').fill('3');
    await page.getByTestId('clock-periods').fill('1');
  });
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveText('Black wins by time', { timeout: 15_000 });
  }
  await expect(inviter.getByTestId('result')).toContainText('Your clock ran out.');
  await expect(friend.getByTestId('result')).toContainText("Your friend's clock ran out.");
  await close([inviter, friend], contexts);
});

test('a premove set on the friend’s turn is played when their move arrives', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  // Black's turn: White picks d3 and d4 beforehand.
  await square(inviter, 'd3').click();
  await square(inviter, 'd4').click();
  await expect(inviter.locator('.sq.premove')).toHaveCount(2);
  await playUci(friend, 'e7e6');
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '3');
  }
  await expect(square(friend, 'd4')).toHaveAttribute('aria-label', 'd4, White Pawn');
  await close([inviter, friend], contexts);
});

test('take-backs asked: one declined, one accepted; then a rematch with the colours swapped', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await inviter.getByTestId('take-back').click();
  await expect(inviter.getByTestId('friend-takeback-waiting')).toBeVisible();
  await friend.getByTestId('friend-takeback-no').click();
  await expect(inviter.getByTestId('friend-news')).toHaveText(/declined/);
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await inviter.getByTestId('take-back').click();
  await friend.getByTestId('friend-takeback-yes').click();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '0');
  }
  await expect(inviter.getByTestId('friend-news')).toHaveText(/accepted/);
  // The game ends (White resigns), and White offers a rematch.
  await inviter.getByTestId('resign').click();
  await inviter.getByTestId('answer-yes').click();
  await expect(friend.getByTestId('status')).toHaveText('Black wins by resignation');
  await expect(friend.getByTestId('result')).toContainText('Your friend resigned.');
  await inviter.getByTestId('rematch').click();
  await friend.getByTestId('friend-rematch-yes').click();
  await expect(friend.getByTestId('status')).toHaveText('Your move (White)');
  await expect(inviter.getByTestId('status')).toHaveText("Your friend's move (White)");
  await playUci(friend, 'e3e4');
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await close([inviter, friend], contexts);
});

test('a move out of turn cannot be made, and a phrase reaches the friend', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  // Black's page offers no move while White is to move.
  await square(friend, 'e7').click();
  await expect(friend.locator('[data-square].dest')).toHaveCount(0);
  await friend.getByTestId('say-0').click();
  await expect(inviter.getByTestId('friend-news')).toHaveText(/Your friend says: Hello!/);
  await close([inviter, friend], contexts);
});

test('Pandemonium: the friend who completes a threefold repetition is warned, plays it, and loses', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser, async (page) => {
    await page.getByTestId('friend-pandemonium').click();
  });
  const moves = ['b1d2', 'b9d8', 'd2b1', 'd8b9', 'b1d2', 'b9d8', 'd2b1'];
  for (const [i, uci] of moves.entries()) {
    await playUci(i % 2 === 0 ? inviter : friend, uci);
    await expect((i % 2 === 0 ? friend : inviter).getByTestId('status')).toHaveAttribute('data-plies', String(i + 1));
  }
  // Black's Knight back to b9 would make the start's position a third time.
  await square(friend, 'd8').click();
  await square(friend, 'b9').click();
  await expect(friend.getByTestId('repetition-warning')).toBeVisible();
  await friend.getByTestId('answer-yes').click();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveText('White wins by repetition');
  }
  await expect(inviter.getByTestId('result')).toContainText('You won!');
  await expect(friend.getByTestId('result')).toContainText('Your friend won');
  await close([inviter, friend], contexts);
});

test('a page that sends an illegal move is refused on screen, and the game stays as it was', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  // The friend's page turns hostile: its next message for e7e6 says e7e3.
  await friend.evaluate(() => {
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: any) {
      if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
        const bytes =
          data instanceof ArrayBuffer
            ? new Uint8Array(data).slice()
            : new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
        const text = new TextDecoder('latin1').decode(bytes);
        const at = text.indexOf('e7e6');
        if (at >= 0) bytes[at + 3] = '3'.charCodeAt(0);
        return send.call(this, bytes);
      }
      return send.call(this, data);
    } as any;
  });
  await playUci(inviter, 'e3e4');
  await playUci(friend, 'e7e6');
  await expect(inviter.getByTestId('friend-news').locator('span')).toHaveText(
    "Your friend's page sent something this page could not accept; the game is as it was.",
  );
  expect(await plies(inviter)).toBe(1);
  await expect(square(inviter, 'e3')).toHaveAttribute('aria-label', 'e3, empty');
  await expect(inviter.getByTestId('status')).toHaveText("Your friend's move (Black)");
  await close([inviter, friend], contexts);
});

test('on a 320 px phone in Korean: the links and the game fit, axe finds nothing, no CSP violation', async ({ browser }) => {
  const options = { viewport: { width: 320, height: 640 }, locale: 'ko-KR', hasTouch: true, isMobile: true };
  const contexts = await devices(browser, options);
  // A phone's Share sheet, as the page sees it.
  await contexts[0].addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        (window as any).shared = data;
        return Promise.resolve();
      },
    });
  });
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await expect(inviter.getByTestId('friend-dialog')).toBeVisible();
  await expectNoViolations(inviter);
  await inviter.getByTestId('friend-invite').click();
  await expect(inviter.getByTestId('invite-link')).toHaveValue(/#rtc=/);
  await expectNoViolations(inviter);
  await inviter.getByTestId('share-invite-link').click();
  expect(await inviter.evaluate(() => (window as any).shared?.url)).toBe(
    await inviter.getByTestId('invite-link').inputValue(),
  );
  const friend = await contexts[1].newPage();
  await friend.goto(await inviter.getByTestId('invite-link').inputValue());
  await expect(friend.getByTestId('friend-invitation')).toHaveText('친구가 만신담 대국에 초대했습니다: 내 편은 흑, 시계 없음.');
  await expectNoViolations(friend);
  await friend.getByTestId('friend-accept').click();
  await expect(friend.getByTestId('reply-link')).toHaveValue(/#rtc=/);
  await inviter.getByTestId('reply-paste').fill(await friend.getByTestId('reply-link').inputValue());
  await inviter.getByTestId('reply-connect').click();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('friend-link')).toHaveText('연결됨');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoViolations(page);
  }
  await expect(friend.getByTestId('status')).toHaveText('친구 차례 (백)');
  await close([inviter, friend], contexts);
});

test('a reload on each side mid-game: a reconnect link resumes the game with nothing lost', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await playUci(friend, 'e7e6');
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await inviter.reload();
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await expect(inviter.getByTestId('friend-link')).toHaveAttribute('data-state', 'left');
  await expect(friend.getByTestId('friend-link')).toHaveAttribute('data-state', 'away');
  // Nothing can reach the friend meanwhile: no move, take-back or
  // resignation is offered.
  await expect(inviter.getByTestId('take-back')).toBeDisabled();
  await expect(inviter.getByTestId('resign')).toBeDisabled();
  await square(inviter, 'd3').click();
  await expect(square(inviter, 'd3')).not.toHaveClass(/selected/);
  await friend.reload();
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await expect(square(friend, 'e6')).toHaveAttribute('aria-label', 'e6, Black Pawn');
  // The inviter makes a reconnect link; the friend opens it in a new tab,
  // which hands it to the tab that holds the game.
  await inviter.getByTestId('friend-reconnect').click();
  const field = inviter.getByTestId('invite-link');
  await expect(field).toHaveValue(/#rtc=/);
  const tab = await contexts[1].newPage();
  await tab.goto(await field.inputValue());
  await expect(tab.getByTestId('friend-handed')).toHaveAttribute('data-taken', 'true');
  await tab.close();
  const replyField = friend.getByTestId('reply-link');
  await expect(replyField).toHaveValue(/#rtc=/);
  const back = await contexts[0].newPage();
  await back.goto(await replyField.inputValue());
  await expect(back.getByTestId('friend-handed')).toHaveAttribute('data-taken', 'true');
  await back.close();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '2');
    await expect(page.getByTestId('friend-news').locator('span')).toHaveText('Reconnected: the game goes on.');
  }
  await playUci(inviter, 'd3d4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '3');
  // The news was true until the next move.
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-news')).toHaveCount(0);
  }
  await close([inviter, friend], contexts);
});

test('by link: the game goes back and forth in links, an edited link is refused, the games are kept with their record', async ({ browser }) => {
  const contexts = await devices(browser, {});
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await inviter.getByTestId('friend-by-link').click();
  await inviter.getByTestId('friend-days-3').click();
  await inviter.getByTestId('friend-invite').click();
  // White moves first, then sends the link.
  await expect(inviter.getByTestId('friend-letter')).toContainText('Your move: then send your friend the link.');
  await expect(inviter.getByTestId('friend-letter')).toContainText('3 days per move.');
  await playUci(inviter, 'e3e4');
  const first = await inviter.getByTestId('letter-link').inputValue();
  expect(new URL(first).hash).toMatch(/^#corr=2&game=[0-9a-f]{16}&variant=mansindam&moves=e3e4&you=black&days=3$/);
  await expect(inviter.getByTestId('friend-qr')).toBeVisible();

  const friend = await contexts[1].newPage();
  await friend.goto(first);
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await expect(square(friend, 'e4')).toHaveClass(/last/);
  await expect(friend.getByTestId('status')).toHaveText('Your move (Black)');
  await playUci(friend, 'e7e6');
  const second = await friend.getByTestId('letter-link').inputValue();

  // The reply opened in the inviter's browser: both moves, White to move.
  const back = await contexts[0].newPage();
  await back.goto(second);
  await expect(back.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await expect(back.getByTestId('status')).toHaveText('Your move (White)');
  // The record of the game.
  await back.getByTestId('record').click();
  await expect(back.getByTestId('pgn')).toHaveValue(/1\. Pe4 Pe6/);
  await back.keyboard.press('Escape');

  // An edited link is refused, naming the move, and the kept game stays.
  const edited = await contexts[0].newPage();
  await edited.goto(second.replace('moves=e3e4', 'moves=d3d4'));
  await expect(edited.getByTestId('error')).toContainText('move 1 was e3e4 and is now d3d4');
  const list = await contexts[0].newPage();
  await list.goto('/?mode=friend&ice=none');
  const kept = list.getByTestId('friend-letters').getByRole('button');
  await expect(kept).toHaveText(['Mansindam, you play White, 2 moves: your move']);
  await kept.click();
  await expect(list.getByTestId('status')).toHaveAttribute('data-plies', '2');
  // The same refusal on a Korean page.
  const korean = await contexts[0].newPage();
  await korean.goto(second.replace('?ice=none#', '?ice=none&lang=ko#').replace('moves=e3e4', 'moves=d3d4'));
  await expect(korean.getByTestId('error')).toContainText('이 링크는 쓸 수 없습니다: 1번째 수가 e3e4였는데 d3d4(으)로 바뀌었습니다');
  await close([inviter, friend, back, edited, list, korean], contexts);
});

test('when the connection cannot be made, the page says so after a bounded wait and leads back to the choices', async ({ browser }) => {
  const contexts = await devices(browser, {});
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await expect(inviter.getByTestId('friend-servers')).toHaveValue('');
  await inviter.getByTestId('friend-invite').click();
  const invitation = await inviter.getByTestId('invite-link').inputValue();
  const friend = await contexts[1].newPage();
  await friend.goto(invitation);
  await friend.getByTestId('friend-accept').click();
  const reply = await friend.getByTestId('reply-link').inputValue();
  // The friend's device goes away before the connection is made.
  await contexts[1].close();
  await inviter.getByTestId('reply-paste').fill(reply);
  await inviter.getByTestId('reply-connect').click();
  await expect(inviter.getByTestId('friend-failed')).toContainText('The connection to your friend could not be made:', {
    timeout: 30_000,
  });
  await inviter.getByTestId('friend-again').click();
  await expect(inviter.getByTestId('friend-by-link')).toBeVisible();
  await expect(inviter.getByTestId('friend-servers')).toBeVisible();
  await close([inviter], contexts.slice(0, 1));
});

test('a worker that fails mid-game is replaced, and the game with the friend goes on', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  // The inviter's game worker fails as a Rust panic does (compiled to wasm,
  // an uncaught `unreachable`).
  const game = inviter.workers().find((w) => w.url().includes('/study-worker-loader.js'));
  expect(game).toBeTruthy();
  const gone = new Promise((resolve) => game!.on('close', resolve));
  await game!.evaluate(() => {
    setTimeout(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    }, 0);
  });
  await gone;
  await playUci(friend, 'e7e6');
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await expect(inviter.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected');
  await playUci(inviter, 'd3d4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '3');
  await expect(inviter.getByTestId('error')).toHaveCount(0);
  await close([inviter, friend], contexts);
});

test('a live game whose channel cannot be made again goes on by link', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser, async (page) => {
    await page.getByTestId('clock-minutes').fill('5');
  });
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await inviter.reload();
  await expect(inviter.getByTestId('friend-link')).toHaveAttribute('data-state', 'left');
  await inviter.getByTestId('friend-continue-by-link').click();
  // Black to move: the link goes to the friend at once.
  const link = inviter.getByTestId('letter-link');
  await expect(link).toHaveValue(/#corr=2&game=[0-9a-f]{16}&variant=mansindam&moves=e3e4&you=black$/);
  // The live clock stays behind, and the page says so.
  await expect(inviter.getByTestId('letter-clock-left')).toHaveText("A game by link has no clock: the live game's clock stays behind.");
  await expect(inviter.getByTestId('clock-white')).toHaveCount(0);
  const tab = await contexts[1].newPage();
  await tab.goto(await link.inputValue());
  await expect(tab.getByTestId('status')).toHaveText('Your move (Black)');
  await playUci(tab, 'e7e6');
  await expect(tab.getByTestId('letter-link')).toHaveValue(/moves=e3e4,e7e6&you=white$/);
  await close([inviter, friend, tab], contexts);
});

test('a claim made while the friend was away is told when they come back', async ({ browser }) => {
  test.setTimeout(150_000);
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  // The friend's page goes (a phone put away); the inviter waits a minute
  // and claims the win.
  await friend.close();
  await expect(inviter.getByTestId('friend-countdown')).toBeVisible();
  await inviter.getByTestId('friend-claim').click({ timeout: 70_000 });
  await expect(inviter.getByTestId('status')).toHaveText('White wins by time');
  // The friend comes back: the kept game, and a reconnect link, which the
  // inviter's tab answers.
  const back = await contexts[1].newPage();
  await back.goto('/?ice=none');
  await expect(back.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await back.getByTestId('friend-reconnect').click();
  const field = back.getByTestId('invite-link');
  await expect(field).toHaveValue(/#rtc=/);
  const tab = await contexts[0].newPage();
  await tab.goto(await field.inputValue());
  await expect(tab.getByTestId('friend-handed')).toHaveAttribute('data-taken', 'true');
  await tab.close();
  const reply = inviter.getByTestId('reply-link');
  await expect(reply).toHaveValue(/#rtc=/);
  const handler = await contexts[1].newPage();
  await handler.goto(await reply.inputValue());
  await expect(handler.getByTestId('friend-handed')).toHaveAttribute('data-taken', 'true');
  await handler.close();
  // Told, and the same ending on both pages.
  await expect(back.getByTestId('friend-news').locator('span')).toHaveText('While you were away, your friend claimed the win.', { timeout: 20_000 });
  await expect(inviter.getByTestId('friend-news').locator('span')).toHaveText('Your friend is back, and has been told that you claimed the win.');
  for (const page of [inviter, back]) {
    await expect(page.getByTestId('status')).toHaveText('White wins by time');
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected');
  }
  await expect(inviter.getByTestId('result')).toContainText('Your friend was away for a minute, and you claimed the win.');
  await expect(back.getByTestId('result')).toContainText('You were away for a minute, and your friend claimed the win.');
  // The channel serves a rematch.
  await back.getByTestId('rematch').click();
  await inviter.getByTestId('friend-rematch-yes').click();
  await expect(back.getByTestId('status')).toHaveText('Your move (White)');
  await close([inviter, back], contexts);
});

test('on two phones: the news clears at the end, and the result and Rematch are in view for both', async ({ browser }) => {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const { inviter, friend, contexts } = await connect(browser, async () => {}, phone);
  const moves = ['e3e4', 'e7e6', 'd3d4', 'd7d6', 'c3c4', 'c7c6', 'f3f4', 'f7f6'];
  for (const [i, uci] of moves.entries()) {
    await playUci(i % 2 === 0 ? inviter : friend, uci);
    await expect((i % 2 === 0 ? friend : inviter).getByTestId('status')).toHaveAttribute('data-plies', String(i + 1));
  }
  // A take-back declined: the question is asked once (not also as news),
  // and the answer is news until the game ends.
  await friend.getByTestId('take-back').click();
  await expect(inviter.getByTestId('friend-takeback')).toBeVisible();
  await expect(inviter.getByTestId('friend-news')).toHaveCount(0);
  // The question's buttons stay inside its box, and the box inside the panel.
  const box = (await inviter.getByTestId('friend-takeback').boundingBox())!;
  const band = (await inviter.getByTestId('friend-takeback').locator('.dialog-buttons').boundingBox())!;
  const panel = (await inviter.getByTestId('friend-game').boundingBox())!;
  expect(band.x).toBeGreaterThanOrEqual(box.x);
  expect(band.x + band.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  expect(box.x).toBeGreaterThanOrEqual(panel.x);
  expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
  await inviter.getByTestId('friend-takeback-no').click();
  await expect(friend.getByTestId('friend-news')).toHaveText(/declined/);
  // White, to move, resigns.
  await inviter.getByTestId('resign').click();
  await inviter.getByTestId('answer-yes').click();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('status')).toHaveText('Black wins by resignation');
    await expect(page.getByTestId('friend-news')).toHaveCount(0);
    await expect(page.getByTestId('result')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('rematch')).toBeInViewport({ ratio: 1 });
  }
  mkdirSync(artifacts, { recursive: true });
  await inviter.screenshot({ path: join(artifacts, 'friend-end-390-inviter.png') });
  await friend.screenshot({ path: join(artifacts, 'friend-end-390-friend.png') });
  await close([inviter, friend], contexts);
});

test('a finished game, its record and its result survive a reload on both sides', async ({ browser }) => {
  const { inviter, friend, contexts } = await connect(browser);
  await playUci(inviter, 'e3e4');
  await expect(friend.getByTestId('status')).toHaveAttribute('data-plies', '1');
  await playUci(friend, 'e7e6');
  await expect(inviter.getByTestId('status')).toHaveAttribute('data-plies', '2');
  await inviter.getByTestId('resign').click();
  await inviter.getByTestId('answer-yes').click();
  await expect(friend.getByTestId('status')).toHaveText('Black wins by resignation');
  // The inviter's address still asks for the friend mode.
  expect(new URL(inviter.url()).searchParams.get('mode')).toBe('friend');
  for (const page of [inviter, friend]) {
    await page.reload();
    await expect(page.getByTestId('status')).toHaveText('Black wins by resignation');
    await expect(page.getByTestId('status')).toHaveAttribute('data-plies', '2');
    await expect(page.getByTestId('friend-dialog')).toHaveCount(0);
    await expect(page.getByTestId('friend-claim')).toHaveCount(0);
    await expect(page.getByTestId('friend-reconnect')).toHaveCount(0);
    await page.getByTestId('record').click();
    await expect(page.getByTestId('pgn')).toHaveValue(/1\. Pe4 Pe6 0-1/);
    await page.keyboard.press('Escape');
  }
  await expect(inviter.getByTestId('result')).toContainText('You resigned.');
  await expect(friend.getByTestId('result')).toContainText('Your friend resigned.');
  mkdirSync(artifacts, { recursive: true });
  await inviter.screenshot({ path: join(artifacts, 'friend-reloaded-1280.png') });
  await close([inviter, friend], contexts);
});

/** The inviter's waiting screen and the friend's reply link, on two phones. */
async function invited(browser: Browser, init?: () => void) {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const contexts = await devices(browser, phone);
  if (init) await contexts[0].addInitScript(init);
  const inviter = await contexts[0].newPage();
  await inviter.goto('/?mode=friend&ice=none');
  await inviter.getByTestId('friend-invite').click();
  const invitation = await inviter.getByTestId('invite-link').inputValue();
  const friend = await contexts[1].newPage();
  await friend.goto(invitation);
  await friend.getByTestId('friend-accept').click();
  await expect(friend.getByTestId('reply-link')).toHaveValue(/#rtc=/);
  return { inviter, friend, contexts, reply: await friend.getByTestId('reply-link').inputValue() };
}

test('the reply link from a chat app’s own browser: said on the friend’s screen, pasted with one tap', async ({ browser }) => {
  const { inviter, friend, contexts, reply } = await invited(browser);
  // The friend is told in one sentence what to do with the link.
  await expect(friend.getByTestId('friend-dialog')).toContainText(
    'Send this reply link back to your friend: they open it, or paste it into “Their reply link” on their invitation screen.',
  );
  // The inviter's field and its Paste button are in view.
  await expect(inviter.getByTestId('reply-paste')).toBeInViewport({ ratio: 1 });
  await expect(inviter.getByTestId('reply-from-clipboard')).toBeInViewport({ ratio: 1 });
  // No camera scan where the browser reads no QR codes.
  await expect(inviter.getByTestId('reply-scan')).toHaveCount(0);
  await contexts[0].grantPermissions(['clipboard-read', 'clipboard-write']);
  // Something else copied: said, nothing done.
  await inviter.evaluate(() => navigator.clipboard.writeText('see you at eight'));
  await inviter.getByTestId('reply-from-clipboard').click();
  await expect(inviter.getByTestId('reply-note')).toHaveText(
    'What was copied is not a reply link: copy the whole link your friend sent.',
  );
  // The reply copied from the chat: one tap connects.
  await inviter.evaluate((link) => navigator.clipboard.writeText(link), reply);
  await inviter.getByTestId('reply-from-clipboard').click();
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
  }
  await close([inviter, friend], contexts);
});

test('where the browser reads QR codes, the inviter scans the friend’s reply code with the camera', async ({ browser }) => {
  // A browser with a QR reader and a camera, as a phone's: the camera
  // shows a drawn canvas, and the reader reads the code the test shows it.
  const { inviter, friend, contexts, reply } = await invited(browser, () => {
    (window as any).BarcodeDetector = class {
      constructor(public options: { formats: string[] }) {}
      async detect(source: HTMLVideoElement) {
        const shown = (window as any).shownCode;
        (window as any).detectedFrom = source.tagName;
        return shown ? [{ rawValue: shown, format: 'qr_code' }] : [];
      }
    };
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      canvas.getContext('2d')!.fillRect(0, 0, 64, 64);
      return (canvas as any).captureStream(5);
    };
  });
  await inviter.getByTestId('reply-scan').click();
  await expect(inviter.getByTestId('reply-camera')).toBeVisible();
  await expect(inviter.getByTestId('reply-scan')).toHaveText('Stop the camera');
  // The friend's screen, held to the camera.
  await inviter.evaluate((link) => ((window as any).shownCode = link), reply);
  for (const page of [inviter, friend]) {
    await expect(page.getByTestId('friend-link')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
  }
  expect(await inviter.evaluate(() => (window as any).detectedFrom)).toBe('VIDEO');
  await close([inviter, friend], contexts);
});
