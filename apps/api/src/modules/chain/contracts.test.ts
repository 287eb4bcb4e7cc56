import { toFunctionSignature, type AbiFunction } from 'viem';
import { describe, expect, it } from 'vitest';
import { compileContracts, contracts, readArtifact } from '../../../contracts/compile';
import { goldTokenAbi, goldTokenBytecode, multicall3RuntimeCode } from './chain-definition';

describe('demo contracts', () => {
  it('ship artifacts that are exactly what solc-js makes of the sources (rebuild: node --import tsx apps/api/contracts/compile.ts)', () => {
    const compiled = compileContracts();
    expect(compiled.map((c) => c.contractName)).toEqual(contracts.map((c) => c.name));
    for (const artifact of compiled) {
      const committed = readArtifact(artifact.contractName);
      expect(committed.compiler).toEqual(artifact.compiler);
      expect(committed.abi).toEqual(artifact.abi);
      expect(committed.bytecode).toBe(artifact.bytecode);
      expect(committed.deployedBytecode).toBe(artifact.deployedBytecode);
    }
    expect(readArtifact('GoldToken').compiler).toMatchObject({ evmVersion: 'shanghai' });
  }, 120_000);

  it('are the code the chain module deploys, with the functions it calls', () => {
    expect(goldTokenBytecode).toBe(readArtifact('GoldToken').bytecode);
    expect(multicall3RuntimeCode).toBe(readArtifact('Multicall3').deployedBytecode);
    const signatures = (abi: readonly unknown[]) =>
      new Set((abi as AbiFunction[]).filter((item) => item.type === 'function').map((item) => toFunctionSignature(item)));
    const compiled = signatures(readArtifact('GoldToken').abi);
    for (const signature of signatures(goldTokenAbi)) expect(compiled).toContain(signature);
    const multicall = signatures(readArtifact('Multicall3').abi);
    expect(multicall).toContain('aggregate3((address,bool,bytes)[])');
    expect(multicall).toContain('getEthBalance(address)');
  });
});
