/**
 * The browser's way out of the back office (eBay's consent page). One object so that the tests, where jsdom
 * cannot navigate, can watch where the browser would go.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
