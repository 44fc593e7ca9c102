import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { projectVersionPage, versionSubtitlePage } from './project-version-page';
import { PROJECT_VERSION_PAGE, readProjectVersionPage } from './project-version-route';

describe('the project version page address, built and read in one place', () => {
  it('builds the address the route opens, and reads the version (and subtitle) back from it', () => {
    expect(projectVersionPage('7', '42')).toBe('/projects/7/project_versions/42');
    expect(matchPath(PROJECT_VERSION_PAGE, projectVersionPage('7', '42'))?.params).toEqual({
      projectId: '7',
      projectVersionId: '42',
    });
    expect(versionSubtitlePage('7', '42', '9')).toBe('/projects/7/project_versions/42/subtitles/9');
    expect(readProjectVersionPage(projectVersionPage('7', '42'))).toEqual({
      projectId: '7',
      projectVersionId: '42',
      subtitleId: null,
    });
    expect(readProjectVersionPage(`${versionSubtitlePage('7', '42', '9')}/`)).toEqual({
      projectId: '7',
      projectVersionId: '42',
      subtitleId: '9',
    });
    expect(readProjectVersionPage('/projects')).toBeNull();
  });

  it('no other file spells the address (it was built by hand in 5 places and read by 3 copies of a pattern)', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'core', 'shell', 'server', 'plugins'],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter(
        (file) =>
          /\.tsx?$/.test(file) &&
          !/\.test\.tsx?$/.test(file) &&
          !/^plugins\/projects\/common\/project-version-(page|route)\.ts$/.test(file),
      );
    const copies = files.filter((file) =>
      /\/projects\/(?:\$\{|:projectId)[^\n]*\/project_versions\/|projects\\\/[^\n]*project_versions\\\//.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(copies).toEqual([]);
  });
});
