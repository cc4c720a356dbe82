/**
 * The payment methods of SPEC.md §1, drawn here as small badges (no third-party images):
 * cash, three local wallet and instalment providers, Visa, Mastercard and a mobile wallet.
 */
const WIDTH = 52;
const HEIGHT = 32;

function Badge({ label, fill, stroke, children }: { label: string; fill: string; stroke?: string; children: React.ReactNode }) {
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} direction="ltr" className="block">
      <rect x="0.5" y="0.5" width={WIDTH - 1} height={HEIGHT - 1} rx="5" fill={fill} stroke={stroke ?? fill} />
      {children}
    </svg>
  );
}

function Word({ children, fill, size = 13, italic = false }: { children: string; fill: string; size?: number; italic?: boolean }) {
  return (
    <text
      x={WIDTH / 2}
      y={HEIGHT / 2}
      textAnchor="middle"
      dominantBaseline="central"
      fill={fill}
      fontSize={size}
      fontWeight="800"
      fontStyle={italic ? 'italic' : undefined}
      fontFamily="Arial, Helvetica, sans-serif"
    >
      {children}
    </text>
  );
}

function CashBadge() {
  return (
    <Badge label="الدفع نقداً عند الاستلام" fill="#ecf8f0" stroke="#1b9c5a">
      <rect x="5" y="9" width="18" height="11" rx="1.5" fill="#1b9c5a" />
      <circle cx="14" cy="14.5" r="2.8" fill="#ecf8f0" />
      <rect x="8" y="12" width="18" height="11" rx="1.5" fill="none" stroke="#1b9c5a" strokeWidth="1.2" />
      <text x="39" y="16" textAnchor="middle" dominantBaseline="central" fill="#0e5c34" fontSize="8" fontWeight="800" fontFamily="Arial, sans-serif">
        CASH
      </text>
    </Badge>
  );
}

function ValuBadge() {
  return (
    <Badge label="valU" fill="#0b6e6e">
      <Word fill="#ffffff" size={14}>
        valU
      </Word>
    </Badge>
  );
}

function SymplBadge() {
  return (
    <Badge label="Sympl" fill="#4b25b8">
      <Word fill="#ffffff" size={13}>
        sympl
      </Word>
    </Badge>
  );
}

function AmanBadge() {
  return (
    <Badge label="Aman" fill="#fcd116">
      <Word fill="#064e2c" size={14}>
        aman
      </Word>
    </Badge>
  );
}

function VisaBadge() {
  return (
    <Badge label="Visa" fill="#ffffff" stroke="#d5d9e0">
      <Word fill="#1a1f71" size={15} italic>
        VISA
      </Word>
    </Badge>
  );
}

function MastercardBadge() {
  return (
    <Badge label="Mastercard" fill="#ffffff" stroke="#d5d9e0">
      <circle cx="21" cy="16" r="9" fill="#eb001b" />
      <circle cx="31" cy="16" r="9" fill="#f79e1b" />
      <path d="M26 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </Badge>
  );
}

function MobileWalletBadge() {
  return (
    <Badge label="محفظة الهاتف" fill="#d7001e">
      <rect x="7" y="6" width="12" height="20" rx="2.5" fill="#ffffff" />
      <rect x="9" y="9" width="8" height="12" rx="1" fill="#d7001e" />
      <circle cx="13" cy="23.5" r="1" fill="#d7001e" />
      <text x="35" y="16" textAnchor="middle" dominantBaseline="central" fill="#ffffff" fontSize="8" fontWeight="800" fontFamily="Arial, sans-serif">
        Wallet
      </text>
    </Badge>
  );
}

const BADGES = [CashBadge, ValuBadge, SymplBadge, AmanBadge, VisaBadge, MastercardBadge, MobileWalletBadge];

export function PaymentBadges() {
  return (
    <ul aria-label="وسائل الدفع" className="flex flex-wrap gap-2">
      {BADGES.map((Badge, index) => (
        <li key={index}>
          <Badge />
        </li>
      ))}
    </ul>
  );
}
