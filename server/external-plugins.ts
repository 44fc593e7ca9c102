import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExternalWebPlugin } from '../core/common/page-config';
import {
  PLUGIN_PACKAGE_FIELD,
  PLUGIN_API_MAJOR,
  isPluginId,
  type PluginPackageManifest,
} from '../core/common/plugin-package';
import type { ServerPlugin } from './plugin-api';
import { serverSdk, type ServerPluginEntry } from './server-sdk';

/**
 * Plugins installed outside the build: each is a folder with a `package.json` whose `polycue`
 * field names its id, the plugin API major it was built for, and its built entries
 * (core/common/plugin-package.ts). They are found at start-up in PLUGINS_DIR, so installing one is
 * dropping its folder there and restarting: no `vite build` of the app.
 *
 * A plugin that cannot be loaded (bad manifest, wrong API version, an entry that throws) is left
 * out with one error line naming it, and everything else starts: one broken plugin must never
 * stop an install.
 */

/** A web entry the server serves from `/plugin-assets/<id>/` and lists in the page configuration. */
export interface ExternalWebAsset extends ExternalWebPlugin {
  /** Folder served under `/plugin-assets/<id>/`: the web entry's own folder, never the plugin root. */
  root: string;
}

export interface ExternalPlugins {
  server: ServerPlugin[];
  web: ExternalWebAsset[];
  /** One line per plugin left out, already logged. */
  problems: string[];
  /**
   * Who was left out, as the browser names them (the shell's toast): the package's id when it
   * could be read and was not taken, else the folder's name.
   */
  leftOut: string[];
}

export interface LoadExternalOptions {
  /** Folders from PLUGINS_DIR: each is a plugin folder or a folder of plugin folders. */
  dirs: string[];
  /** Ids already taken (first-party plugins): an outside plugin may not replace one. */
  reservedIds: Iterable<string>;
  log?: Pick<Console, 'error' | 'info'>;
}

export const PLUGIN_ASSETS_PREFIX = '/plugin-assets/';

const FIRST_PARTY_DIR = fileURLToPath(new URL('../plugins/', import.meta.url));

/** Ids of the plugins built with the app (their folders): an outside plugin may not take one. */
export function firstPartyPluginIds(dir = FIRST_PARTY_DIR): string[] {
  try {
    return readdirSync(dir).filter((name) => isDirectory(path.join(dir, name)));
  } catch {
    return [];
  }
}

export async function loadExternalPlugins(options: LoadExternalOptions): Promise<ExternalPlugins> {
  const log = options.log ?? console;
  const taken = new Set(options.reservedIds);
  const result: ExternalPlugins = { server: [], web: [], problems: [], leftOut: [] };
  for (const folder of pluginFolders(options.dirs)) {
    let name = path.basename(folder);
    try {
      const manifest = readManifest(folder);
      if (taken.has(manifest.id)) throw new Error(`the id "${manifest.id}" is already taken by another plugin`);
      name = manifest.id;
      const server = manifest.server ? await importServerEntry(folder, manifest) : null;
      const web = manifest.web ? webAsset(folder, manifest) : null;
      // Added only once every part loaded, so a plugin is in whole or not at all.
      taken.add(manifest.id);
      if (server) result.server.push(server);
      if (web) result.web.push(web);
      log.info(`[plugins] loaded "${manifest.id}" ${manifest.version} from ${folder}`);
    } catch (error) {
      const problem = `[plugins] ${path.basename(folder)} (${folder}) was not loaded: ${(error as Error).message}`;
      log.error(problem);
      result.problems.push(problem);
      result.leftOut.push(name);
    }
  }
  return result;
}

/** PLUGINS_DIR entries: a folder with a package.json is a plugin; any other folder holds plugins. Sorted, so the order is stable. */
function pluginFolders(dirs: string[]): string[] {
  const folders: string[] = [];
  for (const dir of dirs) {
    if (!isDirectory(dir)) continue;
    if (isFile(path.join(dir, 'package.json'))) {
      folders.push(dir);
      continue;
    }
    for (const name of readdirSync(dir).sort()) {
      const folder = path.join(dir, name);
      if (!name.startsWith('.') && isDirectory(folder) && isFile(path.join(folder, 'package.json')))
        folders.push(folder);
    }
  }
  return folders;
}

interface ResolvedManifest extends PluginPackageManifest {
  version: string;
}

function readManifest(folder: string): ResolvedManifest {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`package.json cannot be read (${(error as Error).message})`);
  }
  const field = pkg[PLUGIN_PACKAGE_FIELD] as Partial<PluginPackageManifest> | undefined;
  if (!field || typeof field !== 'object') throw new Error(`package.json has no "${PLUGIN_PACKAGE_FIELD}" field`);
  if (typeof field.id !== 'string' || !isPluginId(field.id))
    throw new Error(`"${PLUGIN_PACKAGE_FIELD}.id" must be a kebab-case id`);
  if (field.apiVersion !== PLUGIN_API_MAJOR) {
    throw new Error(`it targets plugin API v${String(field.apiVersion)}; this Polycue runs v${PLUGIN_API_MAJOR}`);
  }
  if (!field.web && !field.server) throw new Error(`"${PLUGIN_PACKAGE_FIELD}" names neither a web nor a server entry`);
  for (const key of ['web', 'server'] as const) {
    const entry = field[key];
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || !isInside(folder, entry))
      throw new Error(`"${PLUGIN_PACKAGE_FIELD}.${key}" must be a file inside the plugin folder`);
    if (!isFile(path.join(folder, entry)))
      throw new Error(`its ${key} entry ${entry} is missing (was the plugin built?)`);
  }
  const version = typeof pkg.version === 'string' && pkg.version ? pkg.version : '0.0.0';
  return { id: field.id, apiVersion: field.apiVersion, web: field.web, server: field.server, version };
}

async function importServerEntry(folder: string, manifest: ResolvedManifest): Promise<ServerPlugin> {
  const file = path.join(folder, manifest.server!);
  const module = (await import(pathToFileURL(file).href)) as { default?: ServerPluginEntry };
  const entry = module.default;
  if (!entry) throw new Error(`its server entry ${manifest.server} has no default export`);
  const plugin = typeof entry === 'function' ? await entry(serverSdk) : entry;
  if (!plugin || typeof plugin !== 'object') throw new Error('its server entry did not give a plugin definition');
  if (plugin.id !== manifest.id)
    throw new Error(`its server entry says id "${plugin.id}", package.json says "${manifest.id}"`);
  for (const migration of plugin.migrations ?? []) {
    // Migrations are ordered globally by id; the plugin's id inside keeps two plugins' apart.
    if (!migration.id.includes(`_${manifest.id}_`))
      throw new Error(`migration "${migration.id}" must be named YYYYMMDDHHMM_${manifest.id}_<what>`);
  }
  // defineServerPlugin checks the definition (id, apiVersion) as it does for first-party plugins.
  return serverSdk.defineServerPlugin(plugin);
}

function webAsset(folder: string, manifest: ResolvedManifest): ExternalWebAsset {
  const file = path.join(folder, manifest.web!);
  const root = path.dirname(file);
  const relative = path.relative(root, file).split(path.sep).join('/');
  // The version in the address: a new version of the plugin is a new URL, so no stale module is kept.
  const url = `${PLUGIN_ASSETS_PREFIX}${manifest.id}/${relative}?v=${encodeURIComponent(manifest.version)}`;
  return { id: manifest.id, url, version: manifest.version, root };
}

function isInside(folder: string, relative: string): boolean {
  const resolved = path.resolve(folder, relative);
  return !path.isAbsolute(relative) && resolved.startsWith(path.resolve(folder) + path.sep);
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
