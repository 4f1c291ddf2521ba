import { renderToString } from 'react-dom/server';
import type { NavItem, SiteInfo } from '../types';
import { Icon } from './Icon';
import { Once } from './Once';
import { useStrings, type Strings } from '../i18n/strings';
import { contains, findNavNode, folderAt, holdersIn, treeSize } from './nav-tree';

export { findNavNode };

function NavLink({ item, current, slots }: { item: NavItem; current: string; slots?: Slot[] }) {
  return (
    <a href={item.path} {...currentLink(item.path, current, slots)} className="sb-link">
      {item.title}
    </a>
  );
}

/**
 * Where a full sidebar depends on the page: a link that may be current, or a group that is open
 * when it holds the current page. A full sidebar is rendered once per tree with a numbered
 * `data-sgslot` attribute at each, then filled in per page (sidebarTemplate, fillSlots).
 */
type Slot = { link: string } | { group: NavItem };

/** A link's aria-current, or its slot when rendering the template. */
function currentLink(path: string, current: string, slots: Slot[] | undefined) {
  if (slots) return { 'data-sgslot': slots.push({ link: path }) - 1 };
  return { 'aria-current': path === current ? ('page' as const) : undefined };
}

/** A group's `open`, or its slot when rendering the template. */
function groupOpen(node: NavItem, current: string, slots: Slot[] | undefined) {
  if (slots) return { 'data-sgslot': slots.push({ group: node }) - 1 };
  return { open: contains(node, current) };
}

/** In a compact sidebar, the most entries one level lists: those around the current page. */
export const SIDEBAR_WINDOW = 40;

/** The entries of one level a compact sidebar lists: a window around the one holding the current page. */
function windowed(items: NavItem[], current: string): { items: NavItem[]; before: number; after: number } {
  if (items.length <= SIDEBAR_WINDOW) return { items, before: 0, after: 0 };
  const at = holdersIn(items, current)[0] ?? 0;
  const start = Math.max(0, Math.min(at - Math.floor(SIDEBAR_WINDOW / 2), items.length - SIDEBAR_WINDOW));
  return { items: items.slice(start, start + SIDEBAR_WINDOW), before: start, after: items.length - start - SIDEBAR_WINDOW };
}

const more = (n: number, where: string, s: Strings) => (
  <li className="sb-more" key={`more:${where}`}>
    {s.t('sidebar.more', { n })}
  </li>
);

const derived = new WeakMap<object, Map<string, NavItem[]>>();

/**
 * A list made from a node or a list of the tree: the same array for the same inputs on every page (the tree's objects
 * are), so each level's index is made once (holdersIn) and nothing is copied per page.
 */
function stable(from: object, name: string, make: () => NavItem[]): NavItem[] {
  let made = derived.get(from);
  if (!made) derived.set(from, (made = new Map()));
  let list = made.get(name);
  if (!list) made.set(name, (list = make()));
  return list;
}

/** A group's entries: its children, with a link to its own page first, titled `title`, when no child has its path. */
function withOverview(item: NavItem, title: string): NavItem[] {
  const children = item.children ?? [];
  if (children.some((c) => c.path === item.path)) return children;
  return stable(item, `overview:${title}`, () => [{ ...item, title, children: undefined }, ...children]);
}

/**
 * One level of the tree. `compact` (a tree above MAX_FOLDER_SIDEBAR): only the groups on the way
 * to the current page are listed with their pages; the others are a link to their first page, and
 * a long level shows a window around the current page, so a page's sidebar stays small however
 * large the tree.
 */
function NavItems({
  items: all,
  current,
  parentPath,
  compact = false,
  s,
  slots,
}: {
  items: NavItem[];
  current: string;
  parentPath: string;
  compact?: boolean;
  s: Strings;
  slots?: Slot[];
}) {
  const { items, before, after } = compact ? windowed(all, current) : { items: all, before: 0, after: 0 };
  // The entries on the way to the current page (a compact sidebar lists only their groups).
  const open = compact ? holdersIn(all, current) : [];
  return (
    <ul>
      {before > 0 && more(before, 'before', s)}
      {items.map((item, i) => {
        if (item.children?.length) {
          if (compact && !open.includes(before + i)) {
            return (
              <li key={`dir:${item.path}`}>
                <a href={item.path} className="sb-link sb-closed">
                  {item.title}
                </a>
              </li>
            );
          }
          return (
            <li key={`dir:${item.path}`}>
              <details className="sb-group" {...groupOpen(item, current, slots)}>
                <summary>
                  <span>{item.title}</span>
                  <Icon name="chevronRight" size={14} className="sb-chev" />
                </summary>
                <NavItems items={withOverview(item, s.t('sidebar.overview'))} current={current} parentPath={item.path} compact={compact} s={s} slots={slots} />
              </details>
            </li>
          );
        }
        return (
          <li key={item.path}>
            <NavLink item={item} current={current} slots={slots} />
          </li>
        );
      })}
      {after > 0 && more(after, 'after', s)}
    </ul>
  );
}

/**
 * The largest docs tree a sidebar lists whole. Every page carries its sidebar, so a tree of n pages
 * costs n × n links over the site, and past a few hundred links the sidebar is most of each page's
 * bytes and elements (Lighthouse flags a page of more than 800): past this size each page's sidebar
 * is compact (NavItems), its own section open and the others a link each.
 */
export const MAX_FOLDER_SIDEBAR = 200;

/**
 * Without configured docsSections: the docs root's navigation tree, one titled block per top-level
 * folder, after an untitled block of its loose pages (the root's own index page first). In a tree
 * of more than MAX_FOLDER_SIDEBAR pages, a block not holding the current page is its title only.
 */
function FolderSections({
  nav,
  root,
  current,
  compact,
  s,
  slots,
}: {
  nav: NavItem[];
  root: string;
  current: string;
  compact: boolean;
  s: Strings;
  slots?: Slot[];
}) {
  const rootNode = root ? folderAt(nav, root) : undefined;
  if (root && !rootNode) return null;
  const top = rootNode ? (rootNode.children?.length ? withOverview(rootNode, rootNode.title) : stable(rootNode, 'alone', () => [rootNode])) : nav;
  const home = root || '/';
  const loose = stable(top, `loose:${home}`, () =>
    top.filter((item) => !item.children?.length).sort((a, b) => Number(b.path === home) - Number(a.path === home)),
  );
  const blocks: { key: string; node?: NavItem; pages: NavItem[] }[] = [
    ...(loose.length ? [{ key: 'pages', pages: loose }] : []),
    ...top.filter((item) => item.children?.length).map((item) => ({ key: `dir:${item.path}`, node: item, pages: item.children! })),
  ];
  return (
    <>
      {blocks.map(({ key, node, pages }) => (
        <div className="sb-section" key={key}>
          {node &&
            (compact && !contains(node, current) ? (
              <p className="sb-title">
                <a href={node.path} className="sb-closed">
                  {node.title}
                </a>
              </p>
            ) : (
              <p className="sb-title">{node.title}</p>
            ))}
          {(!compact || !node || contains(node, current)) && (
            <NavItems
              items={node ? withOverview(node, node.title) : pages}
              current={current}
              parentPath={node?.path ?? root}
              compact={compact}
              s={s}
              slots={slots}
            />
          )}
        </div>
      ))}
    </>
  );
}

/**
 * Docs sidebar: one block per site.theme.docsSections entry found in ctx.nav (without any, the
 * docs root's folders), then docsExtraLinks; compact above MAX_FOLDER_SIDEBAR pages. When it lists
 * no section and no folder (none of the configured sections found), nothing in it depends on the
 * page but which extra link is current: rendered once per state (`<Once>`).
 */
export function Sidebar({ site, nav, current }: { site: SiteInfo; nav: NavItem[]; current: string }) {
  const root = '/' + site.theme.docsRoot.replace(/^\/+|\/+$/g, '');
  const sections = site.theme.docsSections
    .map((s) => ({ ...s, node: folderAt(nav, `${root}/${s.dir}`.replace(/^\/\//, '/')) }))
    .filter((s): s is typeof s & { node: NavItem } => !!s.node);
  const folders = site.theme.docsSections.length === 0;
  const compact = treeSize(nav) > MAX_FOLDER_SIDEBAR;
  const s = useStrings();
  const props = { site, nav, current, root, sections, folders, compact, s };
  if (!compact && (sections.length || folders)) {
    return <div className="sidebar-wrap" dangerouslySetInnerHTML={{ __html: fillSlots(sidebarTemplate(props), current) }} />;
  }
  const inside = <SidebarInside {...props} />;
  if (sections.length || folders) return <div className="sidebar-wrap">{inside}</div>;
  const extra = site.theme.docsExtraLinks.findIndex((l) => l.href === current);
  return (
    <Once scope={site} id={`sidebar:${s.locale}:${extra}`} as="div" className="sidebar-wrap">
      {inside}
    </Once>
  );
}

interface SidebarProps {
  site: SiteInfo;
  nav: NavItem[];
  current: string;
  root: string;
  sections: { dir: string; title: string; node: NavItem }[];
  folders: boolean;
  compact: boolean;
  s: Strings;
  slots?: Slot[];
}

/** A full sidebar's HTML cut at its slots: `parts` has one string more than `slots`. */
interface Template {
  parts: string[];
  slots: Slot[];
}

const templates = new WeakMap<SiteInfo, WeakMap<NavItem, Map<string, Template & { length: number; last: NavItem }>>>();

/**
 * A full sidebar (one not compact) lists the same links on every page of its tree, and only which
 * link is current and which groups are open depend on the page: rendered once per site, tree and
 * locale, then filled in per page. The HTML is what React writes for the page.
 */
function sidebarTemplate(props: SidebarProps): Template {
  const { nav } = props;
  const first = nav[0];
  if (!first) return cutAtSlots(props);
  let byTree = templates.get(props.site);
  if (!byTree) templates.set(props.site, (byTree = new WeakMap()));
  let byLocale = byTree.get(first);
  if (!byLocale) byTree.set(first, (byLocale = new Map()));
  const known = byLocale.get(props.s.locale);
  if (known && known.length === nav.length && known.last === nav[nav.length - 1]) return known;
  const template = cutAtSlots(props);
  byLocale.set(props.s.locale, { ...template, length: nav.length, last: nav[nav.length - 1] });
  return template;
}

function cutAtSlots(props: SidebarProps): Template {
  const slots: Slot[] = [];
  const cut = renderToString(<SidebarInside {...props} current="" slots={slots} />).split(/ data-sgslot="(\d+)"/);
  return { parts: cut.filter((_, i) => i % 2 === 0), slots: cut.filter((_, i) => i % 2 === 1).map((n) => slots[Number(n)]) };
}

/** The template with the page's current link and open groups. */
function fillSlots({ parts, slots }: Template, current: string): string {
  let html = parts[0];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    if ('link' in slot) html += slot.link === current ? ' aria-current="page"' : '';
    else html += contains(slot.group, current) ? ' open=""' : '';
    html += parts[i + 1];
  }
  return html;
}

function SidebarInside({ site, nav, current, root, sections, folders, compact, s, slots }: SidebarProps) {
  return (
    <>
      <input type="checkbox" id="docs-nav-toggle" className="docs-nav-toggle" aria-controls="docs-sidebar" />
      <label htmlFor="docs-nav-toggle" className="docs-nav-btn">
        <Icon name="menu" size={18} />
        {` ${s.t('sidebar.toggle')}`}
        <Icon name="chevronDown" size={16} className="docs-nav-chev" />
      </label>
      <nav className="sidebar" id="docs-sidebar" aria-label={s.t('sidebar.nav')}>
        {folders && <FolderSections nav={nav} root={root === '/' ? '' : root} current={current} compact={compact} s={s} slots={slots} />}
        {sections.map(({ dir, title, node }) => {
          const children = node.children ?? [];
          if (compact && !contains(node, current)) {
            return (
              <div className="sb-section" key={dir}>
                <p className="sb-title">
                  <a href={node.path} className="sb-closed">
                    {title}
                  </a>
                </p>
              </div>
            );
          }
          return (
            <div className="sb-section" key={dir}>
              <p className="sb-title">{title}</p>
              {children.length ? (
                <NavItems items={withOverview(node, node.title)} current={current} parentPath={node.path} compact={compact} s={s} slots={slots} />
              ) : (
                <ul>
                  <li>
                    <NavLink item={node} current={current} slots={slots} />
                  </li>
                </ul>
              )}
            </div>
          );
        })}
        {site.theme.docsExtraLinks.length > 0 && (
          <div className="sb-section">
            <p className="sb-title">{s.t('sidebar.reference')}</p>
            <ul>
              {site.theme.docsExtraLinks.map((l) => (
                <li key={l.href}>
                  <a className="sb-link" href={l.href} {...currentLink(l.href, current, slots)}>
                    {l.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </nav>
    </>
  );
}
