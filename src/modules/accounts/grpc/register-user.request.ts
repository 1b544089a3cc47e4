import { IsIn } from 'class-validator';
import { IsAcceptablePassword } from '../domain/password-rule';
import { STAFF_ROLES, StaffRole } from '../domain/user-role';
import { EmailAddress, MaxChars, OptionalString, RequiredString, Uuid } from '../dto/field-rules';

/** identity.v1.RegisterUserRequest, validated like the HTTP body (proto3 gives "" for absent strings). */
export class RegisterUserRequest {
  @RequiredString('email')
  @MaxChars('email', 255)
  @EmailAddress('email')
  email: string;

  @RequiredString('password')
  @IsAcceptablePassword()
  password: string;

  @IsIn(STAFF_ROLES, { message: `The role must be one of: ${STAFF_ROLES.join(', ')}.` })
  role: StaffRole;

  @RequiredString('tenant_id')
  @Uuid('tenant_id')
  tenant_id: string;

  @OptionalString('name')
  @MaxChars('name', 255)
  name: string;
}

export interface RegisterUserReply {
  user_id: string;
  status: 'registered';
}
