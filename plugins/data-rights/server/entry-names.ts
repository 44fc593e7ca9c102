/** Characters no common file system accepts, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** A zip entry's name from a title: unsafe characters gone, bounded, each given once (`Name (2)`). */
export function safeEntryName(title: string, taken: Set<string>): string {
  const base =
    [...title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')].slice(0, 150).join('') ||
    'subtitle';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}
