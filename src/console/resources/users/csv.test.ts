import { describe, expect, it } from 'vitest';
import { parseUserRows } from './csv';

describe('parseUserRows', () => {
  it('reads comma-separated rows in column order, skipping a header and blank lines', () => {
    const rows = parseUserRows(
      'userName,email,password,realName,stdNumber,phone,teamName\n' +
        'alice,alice@example.com,Passw0rd,Alice A,S1,+1 555 0100,Red\n\n' +
        'bob,bob@example.com,Passw0rd\n',
    );
    expect(rows).toEqual([
      {
        userName: 'alice',
        email: 'alice@example.com',
        password: 'Passw0rd',
        realName: 'Alice A',
        stdNumber: 'S1',
        phone: '+1 555 0100',
        teamName: 'Red',
      },
      {
        userName: 'bob',
        email: 'bob@example.com',
        password: 'Passw0rd',
        realName: '',
        stdNumber: '',
        phone: '',
        teamName: '',
      },
    ]);
  });

  it('reads tab-separated rows pasted from a spreadsheet, and quoted cells', () => {
    const [row] = parseUserRows('carol\tcarol@example.com\tPassw0rd\t"Smith, Carol ""C"""');
    expect(row.realName).toBe('Smith, Carol "C"');
    const [quoted] = parseUserRows('dave,dave@example.com,"Pa,ss0rD"');
    expect(quoted.password).toBe('Pa,ss0rD');
  });

  it('decides the separator line by line', () => {
    const rows = parseUserRows('a1,a@example.com,Passw0rd\nb1\tb@example.com\tPassw0rd');
    expect(rows.map((r) => r.email)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('gives nothing for empty text', () => {
    expect(parseUserRows(' \n\n')).toEqual([]);
  });
});
