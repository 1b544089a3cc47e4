import { loadSync, MessageTypeDefinition, ServiceDefinition } from '@grpc/proto-loader';
import { PROTO_LOADER_OPTIONS } from '@infra/grpc/grpc-server';
import { protoPath } from '@infra/grpc/proto-path';

interface FieldDescriptor {
  name: string;
  number: number;
  type: string;
  label: string;
}

/**
 * Pins identity.v1 as spec §9 fixes it (spec 4.9 for the fields). If this fails, the change breaks
 * clients: put it in identity.v2 instead (proto/README.md).
 */
describe('identity.v1 contract (proto/identity/v1/identity.proto)', () => {
  const definition = loadSync(protoPath('identity/v1/identity.proto'), PROTO_LOADER_OPTIONS);

  const fieldsOf = (message: string) =>
    ((definition[`identity.v1.${message}`] as MessageTypeDefinition).type as unknown as { field: FieldDescriptor[] }).field.map(
      ({ name, number, type, label }) => ({ name, number, type, label }),
    );

  it('declares package identity.v1 with IdentityService.RegisterUser, unary', () => {
    const service = definition['identity.v1.IdentityService'] as ServiceDefinition;
    expect(Object.keys(service)).toEqual(['RegisterUser']);
    const method = service.RegisterUser;
    expect(method.path).toBe('/identity.v1.IdentityService/RegisterUser');
    expect(method.requestStream).toBe(false);
    expect(method.responseStream).toBe(false);
    expect((method.requestType.type as unknown as { name: string }).name).toBe('RegisterUserRequest');
    expect((method.responseType.type as unknown as { name: string }).name).toBe('RegisterUserResponse');
  });

  it('RegisterUserRequest: email=1, password=2, role=3, tenant_id=4, name=5 (all string)', () => {
    expect(fieldsOf('RegisterUserRequest')).toEqual([
      { name: 'email', number: 1, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
      { name: 'password', number: 2, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
      { name: 'role', number: 3, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
      { name: 'tenant_id', number: 4, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
      { name: 'name', number: 5, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
    ]);
  });

  it('RegisterUserResponse: user_id=1, status=2 (string)', () => {
    expect(fieldsOf('RegisterUserResponse')).toEqual([
      { name: 'user_id', number: 1, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
      { name: 'status', number: 2, type: 'TYPE_STRING', label: 'LABEL_OPTIONAL' },
    ]);
  });

  it('defines nothing else in the package', () => {
    expect(
      Object.keys(definition)
        .filter((name) => name.startsWith('identity.'))
        .sort(),
    ).toEqual(['identity.v1.IdentityService', 'identity.v1.RegisterUserRequest', 'identity.v1.RegisterUserResponse']);
  });
});
