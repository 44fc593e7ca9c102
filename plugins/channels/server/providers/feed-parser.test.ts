import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed-parser';

/**
 * What a feed says of an episode beyond its title, in the shapes real feeds use: podcast RSS
 * (HTML show notes in CDATA, itunes:image), YouTube's Atom (media:group with media:description and
 * media:thumbnail), Atom summary, and a picture given only as an image enclosure.
 */
const rss = (item: string) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Show</title>${item}</channel></rss>`;

describe('feed entries: description and picture', () => {
  it('reads HTML show notes as plain text (paragraphs kept, HTML entities decoded) and itunes:image', () => {
    const feed = parseFeed(
      rss(`<item><title>One</title><guid>1</guid>
        <description><![CDATA[<p>Caf&eacute; &amp; <b>ferry</b>&nbsp;talk.</p><p>Links:<br/>harbour.example</p><!-- ad -->]]></description>
        <itunes:image href="/art/one.jpg"/>
        <enclosure url="https://cdn.example/one.mp3" type="audio/mpeg" length="1"/></item>`),
      'https://feeds.example/show.xml',
    )!;
    expect(feed.videos[0]).toMatchObject({
      description: 'Café & ferry talk.\nLinks:\nharbour.example', // a no-break space reads as a space
      thumbnailUrl: 'https://feeds.example/art/one.jpg',
    });
  });

  it("reads YouTube's Atom feed: media:group's description and thumbnail", () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/">
        <title>Channel</title>
        <entry><id>yt:video:abc</id><yt:videoId>abc</yt:videoId><title>Clip</title>
          <link rel="alternate" href="https://www.youtube.com/watch?v=abc"/>
          <media:group><media:title>Clip</media:title>
            <media:thumbnail url="https://i1.ytimg.com/vi/abc/hqdefault.jpg" width="480" height="360"/>
            <media:description>First line
Second line</media:description></media:group></entry></feed>`,
      'https://www.youtube.com/feeds/videos.xml?channel_id=x',
    )!;
    expect(feed.videos[0]).toMatchObject({
      url: 'https://www.youtube.com/watch?v=abc',
      description: 'First line\nSecond line',
      thumbnailUrl: 'https://i1.ytimg.com/vi/abc/hqdefault.jpg',
    });
  });

  it('takes an Atom summary, an image enclosure as the picture, and leaves both null when the feed has none', () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title>
        <entry><id>a</id><title>A</title><summary>Short summary.</summary>
          <link rel="enclosure" href="https://cdn.example/a.mp4" type="video/mp4"/>
          <link rel="enclosure" href="https://cdn.example/a.png" type="image/png"/></entry>
        <entry><id>b</id><title>B</title><link rel="enclosure" href="https://cdn.example/b.mp4" type="video/mp4"/></entry></feed>`,
      'https://example.com/feed',
    )!;
    const byTitle = Object.fromEntries(feed.videos.map((v) => [v.title, v]));
    expect(byTitle.A).toMatchObject({ description: 'Short summary.', url: 'https://cdn.example/a.mp4' });
    expect(byTitle.B).toMatchObject({ description: null, thumbnailUrl: null });
  });

  it('never keeps a picture address that is not http(s), and cuts a very long description', () => {
    const feed = parseFeed(
      rss(`<item><title>X</title><guid>x</guid><description>${'word '.repeat(2000)}</description>
        <itunes:image href="javascript:alert(1)"/><enclosure url="https://cdn.example/x.mp4" type="video/mp4"/></item>`),
      'https://feeds.example/show.xml',
    )!;
    expect(feed.videos[0].thumbnailUrl).toBeNull();
    expect(feed.videos[0].description).toHaveLength(5000);
  });
});
