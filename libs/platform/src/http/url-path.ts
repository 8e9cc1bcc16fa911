/** The path of a request, without its query. */
export function pathOf(req: { url: string }): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}
