import { loadSignerConfig, SignerConfigError } from '../signer/signer-config';
import { SignerKeyError } from '../signer/signer-key';
import { runSigner } from '../signer/run-signer';

/**
 * `npm run signer`: the process that holds the key and signs the settlement's transactions
 * (docs/deployment.md, "Signer"). On PostgreSQL any number may run: one leads, by advisory lock.
 * On the embedded database the API starts it as its child.
 */
async function main() {
  await runSigner(loadSignerConfig());
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    // A wrong setting names itself; the message never carries the key.
    if (error instanceof SignerConfigError || error instanceof SignerKeyError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`Signer failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
