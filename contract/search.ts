/**
 * The admin's user search: what a person might type from the start of. Each name
 * word, the whole e-mail, its local part and its domain, and the phone as written, without the
 * leading 0 and as +234. Lower-case; a search term matches any term it starts.
 */
const MAX_TERM = 120;

export function searchTerms(user: { name: string; email: string; phone: string }): string[] {
  const terms = new Set<string>();
  const add = (t: string) => {
    const v = t.trim().toLowerCase().slice(0, MAX_TERM);
    if (v) terms.add(v);
  };
  add(user.name);
  for (const word of user.name.split(/[\s'’.-]+/)) add(word);
  add(user.email);
  const at = user.email.indexOf('@');
  if (at > 0) {
    add(user.email.slice(0, at));
    add(user.email.slice(at + 1));
  }
  const phone = user.phone.replace(/\D/g, '');
  if (phone) {
    add(phone);
    if (phone.startsWith('0')) {
      add(phone.slice(1));
      add(`234${phone.slice(1)}`);
    }
  }
  return [...terms];
}

/** What the admin typed, as compared with the terms (lower-case, trimmed, spaces single). */
/** Whether a user matches the admin's search (the mocks' filter; the server uses an index). */
export function matchesSearch(
  user: { name: string; email: string; phone: string },
  q: string | undefined,
): boolean {
  const wanted = q ? normaliseSearch(q) : '';
  return !wanted || searchTerms(user).some((term) => term.startsWith(wanted));
}

export function normaliseSearch(q: string): string {
  const v = q.trim().toLowerCase().replace(/\s+/g, ' ');
  // A phone typed "+234 803-123" or "0803 123": compare its digits.
  const phone = /^\+?[\d\s-]+$/.test(v) ? v.replace(/\D/g, '') : v;
  return phone.slice(0, MAX_TERM);
}
