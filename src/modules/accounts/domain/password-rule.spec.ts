import { IsString, validateSync } from 'class-validator';
import { IsAcceptablePassword, passwordProblems } from './password-rule';

describe('password rule (decisions §3)', () => {
  it.each(['password1', 'abcdefg8', '1234567a', 'Contraseña9', 'correct horse battery 9', 'ñandú123'])('accepts %p', (password) => {
    expect(passwordProblems(password)).toEqual([]);
  });

  it('needs at least 8 characters', () => {
    expect(passwordProblems('abc1234')).toEqual(['The password must be at least 8 characters.']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('a1😀😀😀😀😀')).toEqual(['The password must be at least 8 characters.']);
  });

  it('needs a letter', () => {
    expect(passwordProblems('12345678')).toEqual(['The password must contain at least one letter.']);
  });

  it('needs a digit', () => {
    expect(passwordProblems('abcdefgh')).toEqual(['The password must contain at least one number.']);
  });

  it('reports every broken rule', () => {
    expect(passwordProblems('')).toEqual([
      'The password must be at least 8 characters.',
      'The password must contain at least one letter.',
      'The password must contain at least one number.',
    ]);
    expect(passwordProblems('!!!!')).toHaveLength(3);
  });

  it('caps the length', () => {
    expect(passwordProblems(`a1${'x'.repeat(1022)}`)).toEqual([]);
    expect(passwordProblems(`a1${'x'.repeat(1023)}`)).toEqual(['The password may not be greater than 1024 characters.']);
  });

  describe('as a DTO constraint', () => {
    class Dto {
      @IsString()
      @IsAcceptablePassword()
      password: unknown;
    }

    const errorsFor = (password: unknown) => {
      const dto = Object.assign(new Dto(), { password });
      return validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));
    };

    it('passes a good password', () => {
      expect(errorsFor('password1')).toEqual([]);
    });

    it('gives one message per broken rule', () => {
      expect(errorsFor('short')).toEqual(
        expect.arrayContaining(['The password must be at least 8 characters.', 'The password must contain at least one number.']),
      );
      expect(errorsFor('short')).toHaveLength(2);
    });

    it('leaves a non-string to the type check', () => {
      expect(errorsFor(12345678)).toEqual(['password must be a string']);
    });
  });
});
