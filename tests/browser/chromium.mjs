// The one browser every browser tool here runs: Debian's Chromium (no
// browser is ever downloaded), with the flags that keep it quiet on a test
// machine (no GPU, no background updates or sync, no first-run pages).
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
