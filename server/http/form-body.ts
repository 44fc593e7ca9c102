/**
 * Devise-style form fields (`user[email]=a&user[password]=b`) parsed into nested objects, so a
 * form post and a JSON post reach the same route schema. Array fields (`tags[]=a&tags[]=b`) too.
 */
export function parseNestedForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [rawKey];
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let target: Record<string, unknown> = result;
    for (let i = 0; i < path.length; i++) {
      const part = path[i];
      const last = i === path.length - 1;
      const nextIsArray = path[i + 1] === '';
      if (part === '') {
        // `[]` handled by the parent step below
        break;
      }
      if (last) {
        target[part] = value;
      } else if (nextIsArray && i + 1 === path.length - 1) {
        const list = Array.isArray(target[part]) ? (target[part] as unknown[]) : [];
        list.push(value);
        target[part] = list;
        break;
      } else {
        const child = target[part];
        if (typeof child !== 'object' || child === null || Array.isArray(child)) target[part] = Object.create(null);
        target = target[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}
