import { describe, expect, it } from 'vitest';
import { guessMapping } from './columns';
import { cleanText, dayOrderOf, normaliseDate, normalisePhone, splitAddress, splitFullName } from './normalise';
import { decodeText, readTable } from './read-table';

describe('people import: reading what churches bring', () => {
  it('normalises Australian phone numbers as they are written to 10 digits', () => {
    for (const written of ['+61 412 345 678', '0412-345-678', '0412 345 678', '61412345678', '412 345 678']) expect(normalisePhone(written)).toBe('0412345678');
    expect(normalisePhone('(02) 9267 5555')).toBe('0292675555');
    expect(normalisePhone('02-9267-5555')).toBe('0292675555');
    expect(normalisePhone('call me')).toBe('call me');
  });

  it('reads dates in the formats those systems export, day order decided per column', () => {
    expect(dayOrderOf(['03/04/1990', '25/12/1985'])).toBe('dmy');
    expect(dayOrderOf(['12/25/1985'])).toBe('mdy');
    expect(normaliseDate('07/04/1990', 'dmy')).toBe('1990-04-07');
    expect(normaliseDate('4/7/1990 12:00:00 AM', 'mdy')).toBe('1990-04-07');
    expect(normaliseDate('1990-4-7', 'dmy')).toBe('1990-04-07');
    expect(normaliseDate('32970', 'dmy')).toBe('1990-04-07');
    expect(normaliseDate('1885-04-07', 'dmy')).toBe('');
    expect(normaliseDate('04/07/0000', 'mdy')).toBe('');
    expect(normaliseDate('31/02/1990', 'dmy')).toBe('31/02/1990');
  });

  it('drops invisible characters and right-to-left marks from names', () => {
    expect(cleanText('\u202EAna\u200B \u200FSilva\uFEFF')).toBe('Ana Silva');
  });

  it('splits combined names and addresses', () => {
    expect(splitFullName('Ana Maria Silva')).toEqual({ first: 'Ana Maria', last: 'Silva' });
    expect(splitFullName('Silva, Ana')).toEqual({ first: 'Ana', last: 'Silva' });
    expect(splitAddress('12 Smith St, Parramatta NSW 2150')).toEqual({ address: '12 Smith St', suburb: 'Parramatta' });
    expect(splitAddress('Unit 4, 12 Smith St, Parramatta, NSW 2150, Australia')).toEqual({ address: 'Unit 4, 12 Smith St', suburb: 'Parramatta' });
  });

  it('matches the real header names of Planning Center, Elvanto, Breeze and ChurchSuite', () => {
    expect(guessMapping(['Person ID', 'First Name', 'Last Name', 'Birthdate', 'Mobile Phone Number', 'Home Phone Number', 'Home Email', 'Home Address Street Line 1', 'Home Address City', 'Home Address Zip Code']))
      .toEqual([null, 'firstName', 'lastName', 'dateOfBirth', 'phone', 'phone', 'email', 'address', 'suburb', null]);
    expect(guessMapping(['firstname', 'preferred_name', 'lastname', 'mobile', 'home_city', 'birthday'])).toEqual(['firstName', 'preferredName', 'lastName', 'phone', 'suburb', 'dateOfBirth']);
    expect(guessMapping(['\uFEFFBreeze ID', 'First Name', 'Last Name', 'Email', 'Mobile', 'City', 'Zip'])).toEqual([null, 'firstName', 'lastName', 'email', 'phone', 'suburb', null]);
    expect(guessMapping(['first_name', 'last_name', 'sex', 'date_of_birth', 'telephone', 'city', 'postcode'])).toEqual(['firstName', 'lastName', 'gender', 'dateOfBirth', 'phone', 'suburb', null]);
  });

  it('reads UTF-16, semicolons, tabs and quoted line breaks', async () => {
    const text = 'First Name;Last Name;Address\r\n"João";"Sá";"1 Rua\nBloco 2"\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeText(utf16)).toBe(text);
    expect(await readTable(utf16, 'people.txt')).toEqual({ headers: ['First Name', 'Last Name', 'Address'], rows: [['João', 'Sá', '1 Rua\nBloco 2']] });
    const tabbed = await readTable(Buffer.from('\uFEFFname\temail\nAna Silva\tana@example.com\n'), 'people.tsv');
    expect(tabbed.headers).toEqual(['name', 'email']);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    await expect(readTable(Buffer.from('%PDF-1.7\n\0\0binary'), 'people.csv')).rejects.toMatchObject({ status: 415 });
    await expect(readTable(Buffer.from('not a zip'), 'people.xlsx')).rejects.toMatchObject({ status: 415 });
  });
});
