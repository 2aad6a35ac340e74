import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, type screen, waitFor } from 'storybook/test';
import { CABLETV, DATA, EDUCATION, ELECTRICITY } from '@contract/catalogue';
import type { Product, Transaction } from '@contract/entities';
import { brand } from '@/config/brand';
import { receiptContent, type ReceiptContent } from '@/lib/receipt';
import { drawReceipt } from '@/lib/receipt-image';

import { airtime, AT } from './fixtures';

/** A text the canvas drew: what, and the box it covers (from the canvas's own metrics). */
type Drawn = {
  text: string;
  white: boolean;
  left: number;
  right: number;
  top: number;
  bottom: number;
};

/**
 * Draws the receipt as `shareReceipt` does and records every text and filled rectangle: the
 * play test checks that nothing is cut (outside the image, or white text off the brand band)
 * and nothing overlaps, on the real canvas of the browser the stories run in.
 */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * One drawing at a time: each patches the canvas prototype, and a second that started while
 * the first was still encoding would save the first's recorder as "the original" and leave it
 * installed for every later story.
 */
function drawAndRecord(content: ReceiptContent) {
  const next = drawing.then(() => record(content));
  drawing = next.catch(() => undefined);
  return next;
}

async function record(content: ReceiptContent) {
  const texts: Drawn[] = [];
  const rects: { x: number; y: number; w: number; h: number; style: string }[] = [];
  const proto = CanvasRenderingContext2D.prototype;
  const { fillText, fillRect } = proto;
  proto.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number) {
    const m = this.measureText(text);
    texts.push({
      text,
      white: String(this.fillStyle).toLowerCase() === '#ffffff',
      left: x - m.actualBoundingBoxLeft,
      right: x + m.actualBoundingBoxRight,
      top: y - m.actualBoundingBoxAscent,
      bottom: y + m.actualBoundingBoxDescent,
    });
    fillText.call(this, text, x, y);
  };
  proto.fillRect = function (
    this: CanvasRenderingContext2D,
    x: number,
    y: number,
    w: number,
    h: number,
  ) {
    rects.push({ x, y, w, h, style: String(this.fillStyle) });
    fillRect.call(this, x, y, w, h);
  };
  try {
    const blob = await drawReceipt(content, brand.primaryColor);
    const image = await createImageBitmap(blob);
    return { blob, texts, rects, width: image.width, height: image.height };
  } finally {
    proto.fillText = fillText;
    proto.fillRect = fillRect;
  }
}

type Drawing = Awaited<ReturnType<typeof record>>;

/** The receipt as an image, and what drawing it recorded (for the play test). */
function ReceiptImage({ transaction }: { transaction: Transaction }) {
  const [drawn, setDrawn] = useState<{ url: string; drawing: Drawing } | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let url = '';
    drawAndRecord(receiptContent(transaction)).then(
      (drawing) => {
        url = URL.createObjectURL(drawing.blob);
        setDrawn({ url, drawing });
        (window as unknown as { receiptDrawing: Drawing }).receiptDrawing = drawing;
      },
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => URL.revokeObjectURL(url);
  }, [transaction]);
  if (failed) return <p role="alert">{failed}</p>;
  return drawn ? (
    <img src={drawn.url} alt="Receipt" width={360} style={{ border: '1px solid #d9dee7' }} />
  ) : (
    <p>Drawing…</p>
  );
}

/** The longest "Product · plan" the catalogue sells: the receipt's widest product row. */
function longestProduct(): { product: Product; plan: string } {
  const named: { product: Product; plan: string }[] = [
    ...DATA.flatMap((v) => v.plans.map((p) => ({ product: 'Data' as const, plan: p.name }))),
    ...CABLETV.flatMap((v) => v.plans.map((p) => ({ product: 'CableTV' as const, plan: p.name }))),
    ...EDUCATION.flatMap((v) =>
      v.plans.map((p) => ({ product: 'Education' as const, plan: p.name })),
    ),
    ...ELECTRICITY.map((v) => ({ product: 'Electricity' as const, plan: v.name })),
  ];
  return named.reduce((a, b) =>
    `${b.product} · ${b.plan}`.length > `${a.product} · ${a.plan}`.length ? b : a,
  );
}

/** 40 characters and no place to break: the reference must be split, not cut. */
const REFERENCE = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0';

const meta = {
  title: 'UI/ReceiptImage',
  component: ReceiptImage,
  args: { transaction: airtime },
  // The play test must read this story's drawing, never the one before.
  beforeEach: () => {
    delete (window as unknown as { receiptDrawing?: Drawing }).receiptDrawing;
  },
} satisfies Meta<typeof ReceiptImage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The drawn receipt. Encoding a PNG and decoding it again is the slowest thing a UI story does:
 * on a loaded two-core machine it has taken more than the stories' 5 s `findBy` bound, so this
 * one waits up to 20 s (a bound, not a timing assertion), and a drawing that failed says why.
 */
async function findReceipt(canvas: {
  findByRole: typeof screen.findByRole;
  queryByRole: typeof screen.queryByRole;
}) {
  const image = await canvas
    .findByRole('img', { name: 'Receipt' }, { timeout: 20_000 })
    .catch((error: unknown) => {
      const alert = canvas.queryByRole('alert');
      throw alert ? new Error(`The receipt was not drawn: ${alert.textContent}`) : error;
    });
  await expect(image).toBeVisible();
}

/** Every text inside the image, white ones on the band, none on another; `values` all drawn whole. */
async function expectNothingCut(values: string[]) {
  let drawing: Drawing | undefined;
  await waitFor(() => {
    drawing = (window as unknown as { receiptDrawing?: Drawing }).receiptDrawing;
    expect(drawing).toBeDefined();
  });
  const { texts, rects, width, height } = drawing!;
  const band = rects.find((r) => r.style.toLowerCase() !== '#ffffff')!;
  for (const t of texts) {
    expect(t.left, t.text).toBeGreaterThanOrEqual(0);
    expect(t.right, t.text).toBeLessThanOrEqual(width);
    expect(t.top, t.text).toBeGreaterThanOrEqual(t.white ? band.y : 0);
    expect(t.bottom, t.text).toBeLessThanOrEqual(t.white ? band.y + band.h : height);
  }
  for (const [i, a] of texts.entries()) {
    for (const b of texts.slice(i + 1)) {
      const apart =
        a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, `"${a.text}" overlaps "${b.text}"`).toBe(true);
    }
  }
  // Line breaks fall at spaces or inside a word: without the spaces every value reads whole.
  const all = texts
    .map((t) => t.text)
    .join('')
    .replace(/\s/g, '');
  for (const value of values) expect(all).toContain(value.replace(/\s/g, ''));
}

const longest = longestProduct();

/** the longest product name the catalogue sells and a 40-character reference wrap. */
export const LongProductAndReference: Story = {
  args: {
    transaction: {
      ...airtime,
      transaction_id: REFERENCE,
      product: longest.product,
      plan: longest.plan,
      transaction_phone: undefined,
      meter_number: '45031231111',
      customerName: 'OLUWASEYIFUNMI ADEBAYO-OKONKWO CHUKWUEMEKA',
      status: 'reversed',
      kind: 'purchase',
      refund: { amount: airtime.amountCharged, date: AT + 60_000 },
    },
  },
  play: async ({ canvas }) => {
    await findReceipt(canvas);
    await expectNothingCut([`${longest.product} · ${longest.plan}`, REFERENCE, 'Refunded']);
  },
};

const LONG_NAME =
  'Oluwaseyifunmi Adebayo-Okonkwo Chukwuemeka Babatunde Olamide Ifeoluwa Temitope Nkechinyere Abubakar';

/** A share from a customer whose name is near the 100-character limit titles the receipt. */
export const LongSenderName: Story = {
  args: {
    transaction: {
      ...airtime,
      transaction_id: REFERENCE,
      product: 'Transfer',
      direction: 'credit',
      kind: 'share_in',
      amount: 100_000,
      transaction_phone: undefined,
      counterparty: 'seyi@example.com',
      counterparty_name: LONG_NAME,
    },
  },
  play: async ({ canvas }) => {
    await findReceipt(canvas);
    await expectNothingCut([`From ${LONG_NAME} receipt`, REFERENCE]);
  },
};
