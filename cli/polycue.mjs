#!/usr/bin/env node
// The `polycue` command (package.json "bin"): runs cli/main.ts through tsx, the TypeScript
// loader the server already uses, so the CLI needs no build step of its own.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
