#!/usr/bin/env node
// Runs the mcpshift binary of this platform. Each binary is an npm package of its own
// (@mcpshift/cli-linux-x64-musl, @mcpshift/cli-darwin-arm64, ...), an optional dependency of
// this package whose `os` and `cpu` fields let npm install only the one that fits, as
// @biomejs/biome and @ast-grep/cli ship theirs. MCPSHIFT_BINARY names another binary to run.
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { optionalDependencies = {} } = require('../package.json');
const SCOPE = '@mcpshift/cli-';

/** Whether Node runs on musl: a Node built against glibc reports the glibc version. */
function isMusl() {
  const report = process.report && typeof process.report.getReport === 'function' ? process.report.getReport() : null;
  return !(report && report.header && report.header.glibcVersionRuntime);
}

/** The platform packages that can run here, the best first. */
function candidates() {
  const { platform, arch } = process;
  if (platform === 'linux') {
    // The released Linux binaries are static (musl) and run on any Linux; a binary built
    // against glibc runs only where glibc is.
    return isMusl() ? [`linux-${arch}-musl`] : [`linux-${arch}-gnu`, `linux-${arch}-musl`];
  }
  return [`${platform}-${arch}`];
}

function findBinary() {
  const exe = process.platform === 'win32' ? 'mcpshift.exe' : 'mcpshift';
  for (const name of candidates()) {
    try {
      const manifest = require.resolve(`${SCOPE}${name}/package.json`);
      return path.join(path.dirname(manifest), exe);
    } catch {
      // Not installed: try the next one.
    }
  }
  return null;
}

function noBinary() {
  const published = Object.keys(optionalDependencies).map((name) => name.slice(SCOPE.length));
  const wanted = candidates().filter((name) => published.includes(name));
  const here = `${process.platform} ${process.arch}${process.platform === 'linux' ? (isMusl() ? ' (musl)' : ' (glibc)') : ''}`;
  const lines = [`mcpshift: no mcpshift binary is installed for this platform, ${here}.`];
  if (wanted.length > 0) {
    lines.push(
      `Its binary is the package ${SCOPE}${wanted[0]}, an optional dependency of mcpshift that npm`,
      'did not install: optional dependencies were left out (--omit=optional, --no-optional), or the',
      'lockfile was written on another platform. Install mcpshift again without leaving them out.'
    );
  } else {
    lines.push(
      `Binaries are published for ${published.join(', ')}.`,
      'Build mcpshift from source instead (cargo install mcpshift), or download it from',
      'https://github.com/mcpshift/mcpshift/releases, and set MCPSHIFT_BINARY to its path.'
    );
  }
  console.error(lines.join('\n'));
  process.exit(2);
}

const binary = process.env.MCPSHIFT_BINARY || findBinary() || noBinary();
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
if (result.error) {
  console.error(`mcpshift: cannot run ${binary}: ${result.error.message}`);
  process.exit(2);
}
if (result.signal) {
  // End as the binary ended, so that a shell or CI sees the same signal.
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 2 : result.status);
