/**
 * WCAG 2.5.5 (Target Size, AAA): every pointer target is at least 44 × 44 CSS px. Measured in a
 * browser, on whatever is on screen: `smallTapTargets(document.body)` lists the visible
 * interactive elements whose target is smaller, with a path a reader can find them by.
 */

/** The minimum target, in CSS px, on both axes (WCAG 2.5.5; Apple's 44 pt, Material's 48 dp). */
export const MIN_TARGET = 44;

/** What a finger can activate: the interactive elements of the issue (24, row 10). */
export const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  ...['button', 'tab', 'switch', 'checkbox', 'radio', 'menuitem'].map((r) => `[role="${r}"]`),
].join(', ');

export type SmallTarget = {
  /** `button "Verify"`, `a "Terms"`: the element and its text, to find it by. */
  what: string;
  width: number;
  height: number;
};

/**
 * Not drawn, so not a target: `display: none`, `visibility: hidden`, fully transparent, inside a
 * closed `<details>`, or visually hidden (`sr-only`: a 1 × 1 px clipped box, read by screen
 * readers only; a custom checkbox hides its native input that way and its label is the target).
 */
function isDrawn(element: Element, box: DOMRect): boolean {
  if (box.width <= 1 || box.height <= 1) return false;
  // `sr-only` with padding (a skip link's `sr-only px-4 py-2`) has a box but is clipped away.
  if (getComputedStyle(element).clipPath === 'inset(50%)') return false;
  return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}

/**
 * WCAG 2.5.5's "inline" exception: a link inside a sentence or block of text is sized by the
 * line it sits on, so it may be smaller. Inline here means laid out as text (`display: inline`)
 * with other words around it in its block; a link alone in its block (a "Forgot password?"
 * under a form) is a control and must be 44 px.
 */
function isInlineInText(element: Element): boolean {
  if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
  let block = element.parentElement;
  while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
  const own = element.textContent?.trim().length ?? 0;
  const all = block?.textContent?.trim().length ?? 0;
  return all > own;
}

/** The `<label>`s of a form control (none for a button with a role or a link). */
function labelsOf(element: Element): HTMLLabelElement[] {
  return 'labels' in element && element.labels instanceof NodeList
    ? [...(element.labels as NodeListOf<HTMLLabelElement>)]
    : [];
}

/**
 * The target a finger can hit: the element's box, or a label's when the label is bigger (a
 * click on a `<label>` activates its control, so a 16 px checkbox in a 44 px tall label row is
 * a 44 px target; WCAG's Understanding 2.5.5 counts the label).
 */
function targetSize(box: DOMRect, labels: readonly HTMLLabelElement[]) {
  let best = { width: box.width, height: box.height };
  for (const label of labels) {
    const rect = label.getBoundingClientRect();
    if (Math.min(rect.width, rect.height) > Math.min(best.width, best.height)) {
      best = { width: rect.width, height: rect.height };
    }
  }
  return best;
}

/** The element's tag, role or type and name: `button "Verify"`, `input[type=checkbox] "I agree"`. */
function describe(element: Element, labels: readonly HTMLLabelElement[]): string {
  const tag = element.tagName.toLowerCase();
  const role = element.getAttribute('role');
  const type = element.getAttribute('type');
  const text = (node: Node | undefined) =>
    (node?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const name =
    element.getAttribute('aria-label') ??
    (text(element) || text(labels[0]) || element.getAttribute('placeholder') || '');
  return `${tag}${role ? `[role=${role}]` : ''}${type ? `[type=${type}]` : ''} "${name}"`;
}

/** Every drawn interactive element under `root` whose target is under 44 × 44 px. */
export function smallTapTargets(root: ParentNode): SmallTarget[] {
  const small: SmallTarget[] = [];
  for (const element of root.querySelectorAll(INTERACTIVE)) {
    const box = element.getBoundingClientRect();
    if (!isDrawn(element, box) || isInlineInText(element)) continue;
    const labels = labelsOf(element);
    const { width, height } = targetSize(box, labels);
    // Sub-pixel layout: 43.99 px is a 44 px control rounded by the zoom, not a small one.
    if (Math.round(width) < MIN_TARGET || Math.round(height) < MIN_TARGET) {
      small.push({
        what: describe(element, labels),
        width: Math.round(width),
        height: Math.round(height),
      });
    }
  }
  return small;
}
