import 'reflect-metadata';
import { validateSync } from 'class-validator';
import { IsSafeHtml } from './validators';

class Body {
  @IsSafeHtml()
  body: string;
}

const safe = (body: string) => validateSync(Object.assign(new Body(), { body })).length === 0;

describe('IsSafeHtml (admin-written HTML bodies)', () => {
  it('keeps ordinary HTML, links and text that only names things', () => {
    expect(safe('<p>Welcome! <a href="https://example.com/help">Help</a></p>')).toBe(true);
    expect(safe('<p>Java scripting: a talk on Friday</p>')).toBe(true);
    // Entities shown as text, not markup: an escaped tag, an escaped entity.
    expect(safe('<p>Write &lt;b&gt; for bold</p>')).toBe(true);
    // Decoded once, as a browser does: an escaped reference is a harmless relative link.
    expect(safe('<a href="&amp;#106;avascript:x">x</a>')).toBe(true);
  });

  it('refuses scripts, frames, event handlers and javascript: links', () => {
    expect(safe('<p>hi</p><script>alert(1)</script>')).toBe(false);
    expect(safe('<img src=x onerror="alert(1)">')).toBe(false);
    expect(safe('<a href="javascript:alert(1)">x</a>')).toBe(false);
  });

  it('refuses a javascript: link hidden behind character references or tabs and line breaks', () => {
    for (const href of [
      '&#106;avascript:alert(1)',
      '&#106avascript:alert(1)',
      '&#x6A;avascript&#58;alert(1)',
      '&#X6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)',
      'java&#x09;script:alert(1)',
      'java&Tab;script&colon;alert(1)',
      'java&#10;script:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x0D;ascript:alert(1)',
      '&#0000106;avascript:alert(1)',
      'JaVa&#83;cript:alert(1)',
    ])
      expect([href, safe(`<a href="${href}">x</a>`)]).toEqual([href, false]);
  });
});
