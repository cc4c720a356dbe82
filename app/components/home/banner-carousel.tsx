/**
 * The home page's banner (SPEC.md §2 "Home", §9): one slide at a time, looping, a new slide every
 * 3 seconds until the shopper touches it, with dots and arrows. Slides are HTML over drawn
 * backgrounds, so their Arabic text is real text. The slides are a list that scrolls and snaps
 * by itself: without JavaScript the first slide shows and a swipe (or Tab) brings the others;
 * the enhancement script's carousel (app/enhance/carousel.ts) adds the rest.
 */
import { Icon } from '../icons/icon.tsx';
import { Link } from 'react-router';

export interface BannerSlide {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  to: string;
  theme: keyof typeof THEMES;
}

/** A shirt outline (the logo's shape) for the drawn backgrounds. */
const SHIRT = 'M20 18l8-4h8l8 4 8 8-6 6-4-3v21H20V29l-4 3-6-6z';

/**
 * The drawn part of each slide, in a 300x300 box kept on the end (left) side, away from the
 * right-to-left text; the waves stretch across the whole slide.
 */
const THEMES = {
  summer: {
    background: 'bg-linear-to-l from-brand-900 via-brand-700 to-brand-500',
    button: 'bg-amber-300 text-brand-900 hover:bg-amber-200',
    art: (
      <>
        <circle cx="110" cy="105" r="78" className="fill-white/15" />
        <circle cx="110" cy="105" r="54" className="fill-amber-300" />
        <path d={SHIRT} transform="translate(190 150) scale(1.6) rotate(-8)" className="fill-white/20" />
      </>
    ),
  },
  tshirt: {
    background: 'bg-linear-to-l from-emerald-900 via-teal-800 to-teal-600',
    button: 'bg-white text-teal-900 hover:bg-teal-50',
    art: (
      <>
        <path d={SHIRT} transform="translate(10 60) scale(2.8)" className="fill-white/20" />
        <path d={SHIRT} transform="translate(170 30) scale(1.6) rotate(-12)" className="fill-amber-300/80" />
        <path d={SHIRT} transform="translate(190 170) scale(1.2) rotate(10)" className="fill-white/35" />
      </>
    ),
  },
  offers: {
    background: 'bg-linear-to-l from-red-900 via-red-800 to-rose-600',
    button: 'bg-white text-red-900 hover:bg-red-50',
    art: (
      <>
        <circle cx="120" cy="150" r="95" className="fill-white/10" />
        <text x="120" y="150" textAnchor="middle" dominantBaseline="central" className="fill-white/85 text-[110px] font-bold">
          %
        </text>
        <rect x="235" y="50" width="60" height="60" rx="12" transform="rotate(18 265 80)" className="fill-amber-300/80" />
        <circle cx="260" cy="225" r="22" className="fill-white/25" />
      </>
    ),
  },
} as const;

function Slide({ slide, index, count }: { slide: BannerSlide; index: number; count: number }) {
  const theme = THEMES[slide.theme];
  return (
    <div
      role="group"
      aria-roledescription="شريحة"
      aria-label={`${index + 1} من ${count}`}
      // The waves along the bottom are a picture of the stylesheet's (app/components/icons/css-plugin.ts), drawn before the art.
      className={`relative w-full shrink-0 snap-start snap-always overflow-hidden before:absolute before:inset-x-0 before:bottom-0 before:h-1/3 before:bg-(image:--banner-waves) before:bg-size-[100%_100%] before:content-[''] ${theme.background}`}
    >
      {/*
        A wide slide is as high as the art, which keeps to its end. A narrow one is not wide
        enough for the art beside a heading across the slide: the art gets the end's two fifths
        and the text the rest, so the heading never runs into the sun or the shirts.
      */}
      <svg aria-hidden="true" viewBox="0 0 300 300" preserveAspectRatio="xMinYMid meet" className="absolute inset-y-0 left-0 h-full w-2/5 overflow-visible md:w-full">
        {theme.art}
      </svg>
      <div className="relative mx-auto flex h-full max-w-7xl flex-col items-start justify-center gap-2 ps-14 pe-[42%] text-white sm:gap-3 md:pe-14 lg:px-20">
        <p className="text-sm font-semibold text-white/90 sm:text-base">{slide.eyebrow}</p>
        <h2 className="max-w-[14ch] text-2xl leading-tight font-bold sm:text-4xl lg:text-5xl">{slide.title}</h2>
        <p className="hidden max-w-md text-white/90 sm:block lg:text-lg">{slide.text}</p>
        <Link to={slide.to} className={`mt-1 inline-flex min-h-11 items-center rounded-full px-5 font-bold whitespace-nowrap shadow-sm sm:px-6 ${theme.button}`}>
          {slide.cta}
        </Link>
      </div>
    </div>
  );
}

/**
 * The slides, with arrows and dots that do nothing without the script and so are hidden until
 * it runs. Slides out of view are inert once it does; without it every slide's link is reachable.
 */
export function BannerCarousel({ slides }: { slides: BannerSlide[] }) {
  return (
    <section data-enhance="carousel" data-loop data-autoplay data-inert aria-roledescription="عرض شرائح" aria-label="أحدث العروض" className="relative">
      {/* No scrollbar over the slides, unless there is no script to bring the buttons and the dots. */}
      <div
        data-track
        className="flex h-56 snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none] sm:h-72 md:h-80 lg:h-[26rem] [@media(scripting:none)]:[scrollbar-width:thin]"
      >
        {slides.map((slide, index) => (
          <Slide key={slide.theme} slide={slide} index={index} count={slides.length} />
        ))}
      </div>
      <button
        type="button"
        data-prev
        data-controls
        hidden
        aria-label="الشريحة السابقة"
        className="absolute start-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-ink shadow hover:bg-white"
      >
        <Icon name="chevron-right" className="size-6 ltr:rotate-180" />
      </button>
      <button
        type="button"
        data-next
        data-controls
        hidden
        aria-label="الشريحة التالية"
        className="absolute end-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-ink shadow hover:bg-white"
      >
        <Icon name="chevron-left" className="size-6 ltr:rotate-180" />
      </button>
      <div data-controls hidden className="absolute inset-x-0 bottom-1 flex justify-center">
        {slides.map((slide, index) => (
          <button
            key={slide.theme}
            type="button"
            data-dot
            aria-label={`الشريحة ${index + 1}`}
            aria-current={index === 0 ? 'true' : undefined}
            className="group flex size-11 items-center justify-center"
          >
            <span className="h-2.5 w-2.5 rounded-full bg-white/60 shadow ring-1 ring-black/10 transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-white" />
          </button>
        ))}
      </div>
    </section>
  );
}
