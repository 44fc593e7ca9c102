import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { burnInScript } from '../../plugins/exports/server/ass-style';
import { EXPORT_THEME_LOOKUP } from '../../plugins/subtitles/common/burn-in-theme';
import type { ThemeLookup } from '../../plugins/themes/common/theme-lookup';
import { THEMES_PATHS } from '../../plugins/themes/common/themes-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { newMember, type Member } from './projects-test-kit';
import { attachClip, getBinary, newVersion } from './subtitles-test-kit';

const create = (member: Member, name: string, style: Record<string, unknown> = {}) =>
  member.client.post(THEMES_PATHS.themes, { workspaceId: member.workspaceId, name, ...style });
const list = (member: Member, query = '') =>
  member.client.get(`${THEMES_PATHS.themes}?workspaceId=${member.workspaceId}${query}`);
const names = async (member: Member) => (await list(member)).body.data.map((t: any) => t.attributes.name);

/** A region of a JPEG as 8-bit grey pixels, decoded by ffmpeg: `part` is the crop (`iw:ih/4:0:ih*3/4` = bottom quarter). */
function grey(jpeg: Buffer, part: string): Buffer {
  const out = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-vf',
      `crop=${part},format=gray`,
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { input: jpeg },
  );
  if (out.status !== 0) throw new Error(String(out.stderr));
  return out.stdout;
}
/** Mean absolute difference of two same-sized grey regions, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}
const BOTTOM = 'iw:ih/4:0:ih*3/4';
const TOP = 'iw:ih/4:0:0';
const SIZE = (jpeg: Buffer) =>
  spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', '-i', 'pipe:0'], {
    input: jpeg,
  })
    .stdout.toString()
    .trim();

describeOnBothDatabases('themes: GET/POST /api/v1/themes/, PUT/DELETE …/{id}, …/{id}/duplicate, previews', (ctx) => {
  const preview = async (member: Member, query: Record<string, string>) => {
    const res = await getBinary(
      ctx,
      member.client,
      `${THEMES_PATHS.preview}?${new URLSearchParams({ workspaceId: member.workspaceId, ...query })}`,
    );
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    return { jpeg: res.body, background: res.headers['x-preview-background'] };
  };

  it('creates with the default style for what is left out, lists, searches, edits some fields, duplicates and deletes', async () => {
    const member = await newMember(ctx);
    const created = await create(member, '  Broadcast ', { fontSize: 60, textColor: '#FFCC00', box: true });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'theme',
      attributes: {
        name: 'Broadcast',
        fontFamily: 'DejaVu Sans',
        fontSize: 60,
        textColor: '#ffcc00',
        box: true,
        boxOpacity: 60,
        position: 'bottom',
        alignment: 'center',
        workspaceId: member.workspaceId,
      },
    });
    const id = created.body.data.id;
    await create(member, 'Karaoke');
    expect(await names(member)).toEqual(['Broadcast', 'Karaoke']);
    expect((await list(member, '&search=kara')).body.data.map((t: any) => t.attributes.name)).toEqual(['Karaoke']);
    expect((await list(member)).body.meta).toEqual({ page: 1, perPage: 50, hasMore: false });

    const edited = await member.client.put(THEMES_PATHS.theme(id), { position: 'top', lineSpacing: 12 });
    expect(edited.body.data.attributes).toMatchObject({
      name: 'Broadcast',
      fontSize: 60,
      textColor: '#ffcc00',
      position: 'top',
      lineSpacing: 12,
    });

    const copy = await member.client.post(THEMES_PATHS.duplicate(id));
    expect(copy.status).toBe(201);
    expect(copy.body.data.attributes).toMatchObject({
      name: 'Broadcast (copy)',
      fontSize: 60,
      position: 'top',
      lineSpacing: 12,
    });
    expect((await member.client.post(THEMES_PATHS.duplicate(id), {})).body.data.attributes.name).toBe(
      'Broadcast (copy 2)',
    );

    expect((await member.client.delete(THEMES_PATHS.theme(id))).body).toEqual({ data: { id } });
    expect((await member.client.delete(THEMES_PATHS.theme(id))).status).toBe(404);
    // By name; how "(copy)" and "(copy 2)" compare is the database's collation.
    expect((await names(member)).sort()).toEqual(['Broadcast (copy 2)', 'Broadcast (copy)', 'Karaoke']);
  });

  it('refuses bad attributes with a 422 naming the field and what is allowed, changing nothing', async () => {
    const member = await newMember(ctx);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fontFamily: 'Comic Sans MS' }, 'fontFamily', 'Font must be DejaVu Sans, DejaVu Serif or DejaVu Sans Mono'],
      [{ fontSize: 500 }, 'fontSize', 'Font size must be a whole number from 16 to 160'],
      [{ outlineWidth: 2.5 }, 'outlineWidth', 'Outline width must be a whole number from 0 to 20'],
      [{ textColor: 'red' }, 'textColor', 'Text colour must be a colour written #rrggbb, like #ffffff'],
      [{ boxOpacity: -1 }, 'boxOpacity', 'Box opacity must be a whole number from 0 to 100'],
      [{ position: 'left' }, 'position', 'Position must be bottom, middle or top'],
      [{ alignment: 'justify' }, 'alignment', 'Alignment must be left, center or right'],
    ];
    for (const [style, field, message] of cases) {
      expect((await create(member, 'Bad', style)).body).toMatchObject({ statusCode: 422, field, message });
    }
    expect((await create(member, '   ')).body).toMatchObject({
      statusCode: 422,
      field: 'name',
      message: "Name can't be blank",
    });
    expect((await create(member, 'x'.repeat(81))).body).toMatchObject({
      statusCode: 422,
      message: 'Name is too long (maximum is 80 characters)',
    });
    expect((await create(member, 'Typed', { fontSize: 'big' })).status).toBe(400);
    const id = (await create(member, 'Good')).body.data.id;
    expect((await member.client.put(THEMES_PATHS.theme(id), { marginVertical: 9999 })).body).toMatchObject({
      statusCode: 422,
      field: 'marginVertical',
    });
    expect(
      (await getBinary(ctx, member.client, `${THEMES_PATHS.preview}?workspaceId=${member.workspaceId}&fontSize=4`))
        .status,
    ).toBe(422);
    expect(await names(member)).toEqual(['Good']);
    expect((await list(member)).body.data[0].attributes.marginVertical).toBe(60);
  });

  it('another workspace’s theme or video is a 404 to read, change, duplicate, preview or delete', async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    const secret = (await create(owner, 'Secret look')).body.data.id;
    const secretVersion = await newVersion(ctx, owner, 'Secret video');
    for (const res of [
      await stranger.client.put(THEMES_PATHS.theme(secret), { name: 'Mine' }),
      await stranger.client.post(THEMES_PATHS.duplicate(secret)),
      await stranger.client.get(THEMES_PATHS.themePreview(secret)),
      await stranger.client.get(
        `${THEMES_PATHS.preview}?workspaceId=${stranger.workspaceId}&projectVersionId=${secretVersion}`,
      ),
      await stranger.client.delete(THEMES_PATHS.theme(secret)),
    ]) {
      expect(res.status).toBe(404);
    }
    const foreign = await stranger.client.get(`${THEMES_PATHS.themes}?workspaceId=${owner.workspaceId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Secret');
    expect(await names(owner)).toEqual(['Secret look']);
  });

  it('gives other plugins a theme as an ASS style for the frame size, only inside its workspace', async () => {
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    const id = (await create(member, 'Lookup', { box: true, position: 'top', alignment: 'left', lineSpacing: 23 })).body
      .data.id;
    // The themes plugin provides the exports plugin's ref with its own, richer type.
    const lookup = ctx.app.services.get(EXPORT_THEME_LOOKUP) as ThemeLookup;
    const theme = (await lookup.find(ctx.db, member.workspaceId, id))!;
    expect(theme).toMatchObject({ id, name: 'Lookup', attributes: { name: 'Lookup', box: true, fontSize: 54 } });
    expect(theme.assStyle({ width: 1280, height: 720 })).toMatch(
      /^Style: Default,DejaVu Sans,36,&H00FFFFFF,&H000000FF,&H66000000,&H80000000,0,0,0,0,100,100,0,0,3,2,1\.3,7,128,128,40,1$/,
    );
    expect(theme.lineBreak({ width: 1920, height: 1080 })).toBe('\\N{\\fs20}\\h\\N{\\r}');
    // The exports plugin's burn-in script joins a cue's lines with that break, at the video's size.
    const dialogue = burnInScript(
      [{ start: 0, end: 2000, text: 'Upper line\nLower line' }],
      theme,
      { width: 1280, height: 720 },
      'T',
    )
      .split('\n')
      .find((line) => line.startsWith('Dialogue:'));
    expect(dialogue).toContain(`Upper line${theme.lineBreak({ width: 1280, height: 720 })}Lower line`);
    expect(await lookup.find(ctx.db, other.workspaceId, id)).toBeNull();
  });

  it('previews really show the sample text where the theme puts it, on a gradient without a video', async () => {
    const member = await newMember(ctx);
    const bottom = await preview(member, {});
    const top = await preview(member, { position: 'top' });
    expect(bottom.background).toBe('pattern');
    expect(SIZE(bottom.jpeg)).toBe('960,540');
    // The text changes the quarter it is in, and leaves the other alone (JPEG noise only).
    expect(difference(grey(bottom.jpeg, BOTTOM), grey(top.jpeg, BOTTOM))).toBeGreaterThan(4);
    expect(difference(grey(bottom.jpeg, TOP), grey(top.jpeg, TOP))).toBeGreaterThan(4);
    const middle = await preview(member, { position: 'middle' });
    expect(difference(grey(top.jpeg, BOTTOM), grey(middle.jpeg, BOTTOM))).toBeLessThan(1);
    // The box darkens the bottom quarter further; a larger font covers more of it.
    const boxed = await preview(member, { box: 'true', boxOpacity: '100' });
    expect(difference(grey(bottom.jpeg, BOTTOM), grey(boxed.jpeg, BOTTOM))).toBeGreaterThan(2);
    const large = await preview(member, { fontSize: '100' });
    expect(difference(grey(bottom.jpeg, BOTTOM), grey(large.jpeg, BOTTOM))).toBeGreaterThan(2);
    expect(
      (
        await getBinary(
          ctx,
          member.client,
          `${THEMES_PATHS.preview}?workspaceId=${member.workspaceId}&text=${'x'.repeat(201)}`,
        )
      ).status,
    ).toBe(422);
  });

  it('previews a saved theme on a frame of the workspace’s video, and on the gradient when the version has none ready', async () => {
    const member = await newMember(ctx);
    const id = (await create(member, 'On video', { fontSize: 80 })).body.data.id;
    const version = await newVersion(ctx, member, 'Clip');
    const noVideo = await getBinary(ctx, member.client, `${THEMES_PATHS.themePreview(id)}?projectVersionId=${version}`);
    expect(noVideo.headers['x-preview-background']).toBe('pattern');
    await attachClip(ctx, ctx.db, member.workspaceId, version);
    const withText = await getBinary(
      ctx,
      member.client,
      `${THEMES_PATHS.themePreview(id)}?projectVersionId=${version}`,
    );
    expect(withText.status).toBe(200);
    expect(withText.headers['x-preview-background']).toBe('video');
    // The 160×120 clip fitted into 960×540 keeps its 4:3 shape.
    expect(SIZE(withText.body)).toBe('720,540');
    const atTop = await preview(member, { projectVersionId: version, fontSize: '80', position: 'top' });
    expect(atTop.background).toBe('video');
    expect(difference(grey(withText.body, BOTTOM), grey(atTop.jpeg, BOTTOM))).toBeGreaterThan(4);
  });
});
