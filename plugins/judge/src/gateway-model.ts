import { JudgeError } from './judge-error';

const PREFIX = 'gateway:/';
const ENDPOINT_NAME = /^[A-Za-z0-9._-]+$/;

/** The endpoint named by a judge model identifier, `gateway:/<endpoint>` (the form MLflow's judges use). */
export function endpointOf(model: string): string {
  if (!model.startsWith(PREFIX)) {
    throw new JudgeError(`The model must be "gateway:/<endpoint>", got "${model}".`, 'usage');
  }
  const name = model.slice(PREFIX.length);
  if (name === '') throw new JudgeError(`The model "${model}" names no endpoint: write "gateway:/<endpoint>".`, 'usage');
  if (!ENDPOINT_NAME.test(name)) throw new JudgeError(`"${name}" is not an endpoint name (letters, digits, ".", "_" and "-").`, 'usage');
  return name;
}
