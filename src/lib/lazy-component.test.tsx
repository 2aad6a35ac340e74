import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

/** Counts what reaches an error boundary: nothing should. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Error page</p> : this.props.children;
  }
}

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;
const Loading = ({ name }: { name: string }) => <p>Loading {name}</p>;
const Failed = ({ name }: { name: string }) => <p>Could not load {name}</p>;

describe('lazyComponent', () => {
  it('shows `loading` with the props, then the component', async () => {
    const View = lazyComponent(async () => Hello, { loading: Loading, failed: Failed });
    render(<View name="Ada" />);
    expect(screen.getByText('Loading Ada')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('shows `failed` instead of throwing to the error boundary, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello);
    const View = lazyComponent(load, { loading: Loading, failed: Failed });
    const first = render(
      <Boundary>
        <View name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByText('Could not load Ada')).toBeInTheDocument();
    expect(screen.queryByText('Error page')).toBeNull();
    first.unmount();
    render(<View name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders nothing by default while loading or after a failure', async () => {
    const View = lazyComponent<{ name: string }>(() => Promise.reject(new Error('offline')));
    const { container } = render(<View name="Ada" />);
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('downloads once for preload and every mount, and shows a loaded view at once', async () => {
    const load = vi.fn(async () => Hello);
    const View = lazyComponent(load, { loading: Loading });
    await View.preload();
    render(<View name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    render(<View name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });
});
