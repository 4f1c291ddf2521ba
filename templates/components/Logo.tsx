import type { ThemeConfig } from '../types';

/** The site's logo image from `theme.logo`, beside the name; nothing without one (the name alone). */
export function LogoMark({ logo, size = 28 }: { logo?: ThemeConfig['logo']; size?: number }) {
  if (!logo) return null;
  return <img src={logo.src} alt="" width={logo.width ?? size} height={logo.height ?? size} />;
}

/** The site's name, after its logo (`theme.logo`), linking to the home page (`href`); `label` names the link ("Ferrygate home"). */
export function Brand({ name, logo, label, href = '/' }: { name: string; logo?: ThemeConfig['logo']; label?: string; href?: string }) {
  return (
    <a className="brand" href={href} aria-label={label ?? `${name} home`}>
      <LogoMark logo={logo} />
      <span>{name}</span>
    </a>
  );
}
