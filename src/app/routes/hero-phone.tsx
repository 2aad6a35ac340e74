import { brand } from '@/config/brand';

const TILES = ['Airtime', 'Data', 'TV', 'Power'];
const ROWS = [
  ['MTN airtime', '−₦500.00'],
  ['Ikeja Electric', '−₦5,000.00'],
  ['Wallet funded', '+₦20,000.00'],
];

/**
 * The landing hero's picture: a phone drawn in SVG showing the dashboard (balance,
 * shortcuts, latest purchases). Inline, so the prerendered page (decision 0012) needs no image
 * request and no third-party host; colours follow the theme tokens. Wide screens only.
 */
export function HeroPhone() {
  return (
    <svg
      viewBox="0 0 280 560"
      role="img"
      aria-label={`The ${brand.name} dashboard on a phone: the wallet balance, shortcuts to buy airtime, data, TV and electricity, and the latest purchases`}
      className="hidden h-[28rem] w-auto shrink-0 drop-shadow-xl md:block lg:h-[32rem]"
    >
      <rect x="4" y="4" width="272" height="552" rx="40" className="fill-fg" />
      <rect x="16" y="16" width="248" height="528" rx="30" className="fill-bg" />
      <rect x="110" y="26" width="60" height="8" rx="4" className="fill-fg" />
      <text x="32" y="68" className="fill-muted" fontSize="12">
        Hello, Ada
      </text>
      <rect x="32" y="82" width="216" height="92" rx="14" className="fill-brand" />
      <text x="48" y="110" className="fill-brand-fg" fontSize="11" opacity="0.85">
        Wallet balance
      </text>
      <text x="48" y="142" className="fill-brand-fg" fontSize="24" fontWeight="700">
        ₦25,000.00
      </text>
      <rect x="168" y="150" width="68" height="16" rx="8" className="fill-brand-fg" opacity="0.2" />
      <text x="202" y="162" className="fill-brand-fg" fontSize="9" textAnchor="middle">
        + Fund
      </text>
      {TILES.map((label, i) => (
        <g key={label} transform={`translate(${32 + i * 56} 192)`}>
          <rect width="48" height="56" rx="12" className="fill-brand-soft" />
          <circle cx="24" cy="22" r="9" className="fill-brand" opacity="0.9" />
          <text x="24" y="47" className="fill-fg" fontSize="9" textAnchor="middle">
            {label}
          </text>
        </g>
      ))}
      <text x="32" y="282" className="fill-fg" fontSize="13" fontWeight="700">
        Buy again
      </text>
      <rect x="32" y="292" width="104" height="40" rx="10" className="fill-surface stroke-border" />
      <text x="44" y="316" className="fill-fg" fontSize="10" fontWeight="600">
        Mum&apos;s MTN
      </text>
      <rect
        x="144"
        y="292"
        width="104"
        height="40"
        rx="10"
        className="fill-surface stroke-border"
      />
      <text x="156" y="316" className="fill-fg" fontSize="10" fontWeight="600">
        Home meter
      </text>
      <text x="32" y="364" className="fill-fg" fontSize="13" fontWeight="700">
        Recent transactions
      </text>
      {ROWS.map(([what, amount], i) => (
        <g key={what} transform={`translate(32 ${378 + i * 44})`}>
          <rect width="216" height="36" rx="8" className="fill-surface" />
          <text x="12" y="22" className="fill-fg" fontSize="10">
            {what}
          </text>
          <text x="204" y="22" className="fill-fg" fontSize="10" fontWeight="600" textAnchor="end">
            {amount}
          </text>
        </g>
      ))}
      <rect x="16" y="504" width="248" height="40" className="fill-surface" />
      {['Home', 'Airtime', 'History', 'Wallet'].map((label, i) => (
        <text
          key={label}
          x={47 + i * 62}
          y="528"
          className={i === 0 ? 'fill-brand' : 'fill-muted'}
          fontSize="9"
          textAnchor="middle"
        >
          {label}
        </text>
      ))}
    </svg>
  );
}
