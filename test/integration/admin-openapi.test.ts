import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { startGateway, type TestGateway } from '../support/start-gateway';

type Doc = { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

/** GET /api/openapi.json: an OpenAPI 3.1 document of every /api route, generated from the zod schemas, valid per openapi-spec-validator. */
describe('admin API OpenAPI document', () => {
  let gw: TestGateway;
  let doc: Doc;
  let python: string;

  beforeAll(async () => {
    python = await ensurePythonVenv();
    gw = await startGateway('endpoints: []\n');
    doc = (await (await fetch(`${gw.url}/api/openapi.json`)).json()) as Doc;
  }, PYTHON_VENV_SETUP_TIMEOUT_MS);
  afterAll(() => gw.close());

  it('lists every /api route the gateway mounted, the admin ones with their schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/connections', '/api/connections/{name}', '/api/connections/{name}/test', '/api/connections/test', '/api/endpoints', '/api/endpoints/{name}',
        '/api/openapi.json', '/api/providers', '/api/providers/{type}', '/api/usage',
      ]),
    );
    expect(Object.keys(doc.paths['/api/connections/{name}']).sort()).toEqual(['delete', 'get', 'put']);
    const draftTest = doc.paths['/api/connections/test'].post;
    expect(draftTest.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/DraftTestRequest' });
    expect(draftTest.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TestResult' });
    expect(doc.components.schemas.DraftTestRequest.required).toEqual(['connection']);
    const create = doc.paths['/api/connections'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ConnectionBody' });
    expect(create.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Connection' });
    expect(create.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.paths['/api/endpoints/{name}'].put.parameters).toEqual([{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('describes bodies with the YAML\'s own schemas: one branch per provider type, plugin endpoint sections included', async () => {
    const providers = (await (await fetch(`${gw.url}/api/providers`)).json()) as { data: Array<{ type: string }> };
    const branches = doc.components.schemas.ConnectionBody.oneOf ?? doc.components.schemas.ConnectionBody.anyOf;
    expect(branches.map((b: any) => b.properties.type.const).sort()).toEqual(providers.data.map((p) => p.type).sort());
    const azure = branches.find((b: any) => b.properties.type.const === 'azure-openai');
    expect(azure.required).toEqual(expect.arrayContaining(['name', 'type', 'base_url']));
    expect(azure.additionalProperties).toBe(false);
    const endpoint = doc.components.schemas.EndpointBody;
    expect(Object.keys(endpoint.properties)).toEqual(expect.arrayContaining(['name', 'kind', 'provider', 'model', 'targets', 'fallbacks', 'retry', 'timeouts', 'breaker']));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const script = 'import json, sys\nfrom openapi_spec_validator import validate\nvalidate(json.load(open(sys.argv[1])))\nprint("valid")';
    const { stdout } = await promisify(execFile)(python, ['-c', script, file], { timeout: 60_000 });
    expect(stdout.trim()).toBe('valid');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
