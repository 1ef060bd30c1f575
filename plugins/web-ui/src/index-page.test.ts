import { renderIndex } from './index-page';

const TEMPLATE = '<head><meta name="gateway-public-url" content="" /><script type="module" src="/ui/assets/index-x.js"></script></head>';

describe('renderIndex', () => {
  it('puts server.public_url in its meta tag, escaped, and tags the page by its content', () => {
    const page = renderIndex(TEMPLATE, 'https://llm.example.com/a"b<c>');
    expect(page.html).toContain('<meta name="gateway-public-url" content="https://llm.example.com/a&quot;b&lt;c&gt;" />');
    expect(page.etag).not.toBe(renderIndex(TEMPLATE, undefined).etag);
    expect(renderIndex(TEMPLATE, undefined).html).toBe(TEMPLATE);
  });
});
