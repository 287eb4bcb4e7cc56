// Compiles the demo chain's contracts with solc-js and writes their artifacts to
// ./artifacts (committed). The API ships those artifacts, so neither `npm start` nor the
// bundle needs the compiler (solc is a devDependency); a test recompiles the sources and
// fails when a committed artifact no longer matches them.
//
//   node --import tsx apps/api/contracts/compile.ts            # rewrite the artifacts
//   node --import tsx apps/api/contracts/compile.ts --check    # exit 1 when they are stale
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import solc from 'solc';

const require = createRequire(import.meta.url);
const contractsDir = dirname(fileURLToPath(import.meta.url));
export const artifactsDir = join(contractsDir, 'artifacts');

/**
 * anvil and Polygon PoS both run Shanghai (and later); solc's default target is newer than
 * some nodes accept, so it is pinned. Changing a setting here changes the bytecode: rebuild.
 */
export const compilerSettings = {
  evmVersion: 'shanghai',
  optimizer: { enabled: true, runs: 200 },
} as const;

/** Source file (in this folder) and contract name of every artifact. */
export const contracts = [
  { source: 'GoldToken.sol', name: 'GoldToken' },
  { source: 'Multicall3.sol', name: 'Multicall3' },
  { source: 'TestToken.sol', name: 'TestToken' },
] as const;

export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  compiler: { version: string; evmVersion: string; optimizer: { enabled: boolean; runs: number }; openzeppelin: string };
  abi: unknown[];
  /** Creation code (deploy with it). */
  bytecode: `0x${string}`;
  /** Runtime code (what anvil_setCode installs). */
  deployedBytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>;
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** Resolves `@openzeppelin/...` imports from node_modules, everything else from this folder. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    const file = path.startsWith('@') ? require.resolve(path) : join(contractsDir, path);
    return { contents: readFileSync(file, 'utf8') };
  } catch (error) {
    return { error: `cannot import ${path}: ${(error as Error).message}` };
  }
}

function openZeppelinVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('@openzeppelin/contracts/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Compiles every contract; throws on any compiler error (warnings are allowed). */
export function compileContracts(): ContractArtifact[] {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(contracts.map((c) => [c.source, { content: readFileSync(join(contractsDir, c.source), 'utf8') }])),
    settings: {
      ...compilerSettings,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const version = solc.version() as string;
  const openzeppelin = openZeppelinVersion();
  return contracts.map(({ source, name }) => {
    const compiled = output.contracts[source]?.[name];
    if (!compiled) throw new Error(`solc produced no ${name} in ${source}`);
    return {
      contractName: name,
      sourceName: source,
      compiler: { version, ...compilerSettings, openzeppelin },
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
  });
}

export function artifactPath(name: string): string {
  return join(artifactsDir, `${name}.json`);
}

/** The committed artifact of a contract, as written by this script. */
export function readArtifact(name: string): ContractArtifact {
  return JSON.parse(readFileSync(artifactPath(name), 'utf8')) as ContractArtifact;
}

async function main(check: boolean) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(artifactPath('x'))) ?? {};
  let stale = 0;
  for (const artifact of compileContracts()) {
    const text = await prettier.format(JSON.stringify(artifact), { ...options, parser: 'json' });
    const path = artifactPath(artifact.contractName);
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    stale++;
    if (check) console.error(`${path} does not match ${artifact.sourceName}: run node --import tsx apps/api/contracts/compile.ts`);
    else {
      writeFileSync(path, text);
      console.warn(`wrote ${path}`);
    }
  }
  if (check && stale > 0) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.includes('--check'));
}
