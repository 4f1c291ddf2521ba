import { describe, expect, it } from 'vitest';
import { unsafeRedirect } from '../../../src/routes/rules.ts';

describe('unsafeRedirect', () => {
  it('accepts same-site paths and http(s) URLs', () => {
    for (const to of ['/', '/about', '/guide/:slug', '/new/**', '/a?b=c#d', 'https://example.com', 'HTTP://example.com/x?y#z'])
      expect(unsafeRedirect(to), to).toBeUndefined();
  });

  it('refuses other schemes and the tricks browsers undo', () => {
    for (const to of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      '/ok\njavascript:x',
      '//evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      'https:evil.com',
      'https://',
      'about',
      '',
    ])
      expect(unsafeRedirect(to), JSON.stringify(to)).toBeTypeOf('string');
  });
});
