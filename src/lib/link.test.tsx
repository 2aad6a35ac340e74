import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { Link } from './link';

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function app(link: React.ReactNode, initial = '/user/dashboard') {
  return render(
    <MemoryRouter initialEntries={[initial]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {link}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Clicks `link` as `init` says; true when the app took the click (the browser would not follow it). */
function appTookClick(link: HTMLElement, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
  let taken = false;
  const browser = (seen: Event) => {
    taken = seen.defaultPrevented;
    seen.preventDefault(); // jsdom cannot open another document
  };
  document.addEventListener('click', browser);
  fireEvent(link, event);
  document.removeEventListener('click', browser);
  return taken;
}

describe('Link', () => {
  it('is a real link to the page, so it can be opened in a new tab', () => {
    app(<Link to="transactions?type=credit">History</Link>);
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/user/dashboard/transactions?type=credit',
    );
  });

  it('navigates in the app on a plain click, with its state', async () => {
    app(
      <Link to="/user/dashboard/airtime" state={{ from: 'shortcut' }}>
        Airtime
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Airtime' }));
    expect(screen.getByText('at /user/dashboard/airtime {"from":"shortcut"}')).toBeInTheDocument();
  });

  it('leaves a modified or middle click to the browser (new tab or window)', () => {
    app(<Link to="/user/dashboard/airtime">Airtime</Link>);
    const link = screen.getByRole('link', { name: 'Airtime' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(appTookClick(link, init)).toBe(false);
    }
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/user\/dashboard null$/);
    expect(appTookClick(link)).toBe(true);
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/user\/dashboard\/airtime null$/);
  });

  it('does not navigate when its own onClick cancels the click', async () => {
    app(
      <Link to="/user/dashboard/airtime" onClick={(event) => event.preventDefault()}>
        Airtime
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Airtime' }));
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/user\/dashboard null$/);
  });

  it('leaves a link that opens in another tab to the browser', () => {
    app(
      <Link to="/user/dashboard/airtime" target="_blank">
        Airtime
      </Link>,
    );
    expect(appTookClick(screen.getByRole('link', { name: 'Airtime' }))).toBe(false);
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/user\/dashboard null$/);
  });

  it('goes to a section of a page from a `to` object with a hash', async () => {
    app(<Link to={{ pathname: '/', hash: '#pricing' }}>Pricing</Link>);
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/#pricing');
    await userEvent.click(link);
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/ null$/);
  });

  it('passes its attributes and ref to the anchor (the sidebar marks the current page)', () => {
    const ref = createRef<HTMLAnchorElement>();
    app(
      <Link
        ref={ref}
        to="/user/dashboard"
        className="font-bold"
        aria-current="page"
        data-session-link=""
      >
        Overview
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Overview' });
    expect(link).toHaveClass('font-bold');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('data-session-link', '');
    expect(ref.current).toBe(link);
  });

  it.each(['https://example.com/help', 'mailto:support@paybills.ng', 'tel:+2348011111111'])(
    'leaves %s, an address outside the app, as written and to the browser',
    (to) => {
      app(<Link to={to}>Elsewhere</Link>);
      const link = screen.getByRole('link', { name: 'Elsewhere' });
      expect(link).toHaveAttribute('href', to);
      expect(appTookClick(link)).toBe(false);
      expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/user\/dashboard null$/);
    },
  );

  it.each([
    [true, '/a'],
    [false, '/b'],
  ])('with replace=%s, Back after the link returns to %s', async (replace, before) => {
    function Back() {
      const navigate = useNavigate();
      return <button onClick={() => navigate(-1)}>Back</button>;
    }
    render(
      <MemoryRouter initialEntries={['/a', '/b']} initialIndex={1}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Link to="/c" replace={replace}>
                  C
                </Link>
                <Back />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(screen.getByText(/^at /)).toHaveTextContent(/^at \/c null$/);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(/^at /)).toHaveTextContent(new RegExp(`^at ${before} null$`));
  });
});
