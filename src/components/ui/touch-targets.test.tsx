import { describe, expect, it } from 'vitest';
import { buttonVariants } from './button';
import { inputVariants } from './input';

/**
 * every control is at least 44 × 44 px on a touch screen (WCAG 2.5.5), while the
 * desktop keeps its 36 px `sm` density. Media queries do not run in Node: this checks that each
 * small size carries the `pointer: coarse` override to the 44 px `control` token.
 */
describe('touch targets', () => {
  it('a small button is 44 px tall and wide on a coarse pointer', () => {
    const classes = buttonVariants({ size: 'sm' }).split(' ');
    expect(classes).toContain('h-control-sm');
    expect(classes).toContain('pointer-coarse:h-control');
    expect(classes).toContain('pointer-coarse:min-w-control');
  });

  it('the default and icon buttons are 44 px everywhere', () => {
    expect(buttonVariants({ size: 'md' }).split(' ')).toContain('h-control');
    expect(buttonVariants({ size: 'icon' }).split(' ')).toContain('size-control');
  });

  it('a small input is 44 px tall on a coarse pointer', () => {
    expect(inputVariants({ size: 'sm' }).split(' ')).toContain('pointer-coarse:h-control');
  });
});
