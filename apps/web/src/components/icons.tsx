import styles from './icons.module.css';

/*
 * The product's icons, drawn rather than typed as symbol or emoji characters: a character is
 * drawn by whatever font the device has, and a device without one (Debian's Chromium lacks
 * U+26E8, many Linux desktops have no colour emoji) showed an empty box. eslint refuses such
 * characters in the web sources (see `fontGlyph` in eslint.config.js).
 */
const PATHS = {
  dashboard: ['M4 4h7v7H4z', 'M13 4h7v4h-7z', 'M13 10h7v10h-7z', 'M4 13h7v7H4z'],
  live: ['M12 12m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0', 'M7.8 7.8a6 6 0 0 0 0 8.4', 'M16.2 7.8a6 6 0 0 1 0 8.4', 'M5 5a10 10 0 0 0 0 14', 'M19 5a10 10 0 0 1 0 14'],
  courses: ['M4 5.5C6.5 4.5 9.5 4.5 12 6c2.5-1.5 5.5-1.5 8-.5V19c-2.5-1-5.5-1-8 .5-2.5-1.5-5.5-1.5-8-.5z', 'M12 6v13.5'],
  journal: ['M4 5h16v15H4z', 'M4 9h16', 'M9 5V3', 'M15 5V3', 'M8 13h2', 'M14 13h2', 'M8 16.5h2'],
  reports: ['M12 3a9 9 0 1 0 9 9h-9z', 'M15 3.5A9 9 0 0 1 20.5 9H15z'],
  tradeLog: ['M8 6h12', 'M8 12h12', 'M8 18h12', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  clock: ['M12 12m-8.5 0a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0-17 0', 'M12 7v5l3.5 2'],
  levels: ['M7 20V4', 'M3.5 7.5 7 4l3.5 3.5', 'M17 4v16', 'M13.5 16.5 17 20l3.5-3.5'],
  bot: ['M5 8h14v11H5z', 'M12 8V4.5', 'M12 4.5h.01', 'M9 12.5h.01', 'M15 12.5h.01', 'M9.5 16h5', 'M2.5 12v3', 'M21.5 12v3'],
  shield: ['M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6z', 'M9 12l2 2 4-4'],
  community: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8', 'M8 12.5h5'],
  star: ['M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z'],
  soon: ['M12 12m-7.5 0a7.5 7.5 0 1 0 15 0a7.5 7.5 0 1 0-15 0'],
  menu: ['M4 6.5h16', 'M4 12h16', 'M4 17.5h16'],
  link: ['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'],
  bell: ['M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6Z', 'M9.5 19a2.5 2.5 0 0 0 5 0'],
} as const;

export type IconName = keyof typeof PATHS;

/** An icon beside words that already name it: hidden from assistive technology. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
