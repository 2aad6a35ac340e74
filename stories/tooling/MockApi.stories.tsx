import type { Meta, StoryObj } from '@storybook/react-vite';
import { api, FALLBACK } from '@contract';
import { variants } from '@mocks/index';
import { expect } from 'storybook/test';
import { useApiQuery } from '@/lib/swr';
import { errorMessage } from '@/lib/api-error';

/**
 * Checks the data path stories rely on: the shared API client and SWR hook, answered by the
 * MSW handlers built from the contract, with a variant picked per story.
 */
function NetworkList() {
  const { data, error, isLoading } = useApiQuery(api.networks, {});
  if (isLoading) return <p role="status">Loading networks…</p>;
  if (error) return <p role="alert">{errorMessage(error, FALLBACK.generic)}</p>;
  if (!data?.message.length) return <p>No networks.</p>;
  return (
    <ul aria-label="Networks">
      {data.message.map((n) => (
        <li key={n.id}>
          {n.name}: {n.wallet_percent_off}% off airtime
        </li>
      ))}
    </ul>
  );
}

const meta = { title: 'Tooling/MockApi', component: NetworkList } satisfies Meta<
  typeof NetworkList
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Networks' });
    await expect(list).toHaveTextContent('MTN');
    await expect(list).toHaveTextContent('9MOBILE');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.networks.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No networks.')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.networks.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/.+/);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.networks.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading networks…');
  },
};
