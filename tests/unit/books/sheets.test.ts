import { parse } from 'csv-parse/sync';
import { type BookDocument, gstr1Sheets } from '@/lib/books/sheets';
import { formulaCells, formulaNames } from './formula-cells';

/** A Karnataka registrant's masterclass invoice (IGST), issued to `recipient`. */
const invoice = (seq: number, recipient: string): BookDocument => ({
  kind: 'invoice',
  id: seq,
  number: `INV/26-27/${String(seq).padStart(5, '0')}`,
  series: 'INV',
  seq,
  date: '2026-11-02',
  recipient,
  pos: '29',
  sac: '999293',
  description: 'Online music production masterclass',
  ratePercent: 18,
  taxablePaise: 9900,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 1782,
  totalPaise: 11682,
});

/** A credit note of ₹50.00 against an invoice of an earlier month: the month's net is below nothing. */
const creditNote = (recipient: string): BookDocument => ({
  ...invoice(1, recipient),
  kind: 'credit-note',
  number: 'INVC/26-27/00001',
  series: 'INVC',
  taxablePaise: 4237,
  igstPaise: 763,
  totalPaise: 5000,
  against: { number: 'INV/26-27/00009', date: '2026-10-20' },
});

describe("the accountant's GSTR-1 sheets", () => {
  it('write no cell a spreadsheet would run, whatever the names, read as , or ; separated', () => {
    const sheets = gstr1Sheets(formulaNames.map((name, i) => invoice(i + 1, name)));
    expect(Object.keys(sheets)).toEqual(['b2cs.csv', 'hsn.csv', 'docs.csv', 'invoice-register.csv']);
    for (const [name, csv] of Object.entries(sheets)) expect([name, formulaCells(csv)]).toEqual([name, []]);
    const register = parse(sheets['invoice-register.csv'] ?? '') as string[][];
    expect(register.slice(1).map((row) => row[4])).toEqual([
      `'=HYPERLINK("http://evil.example/x","ok")`,
      "'@SUM(A:A)",
      "'+cmd|x",
      "'-x",
      "Ann;'=x",
      `'＝HYPERLINK("http://evil.example/x")`,
    ]);
  });

  it("keeps a month's negative amounts numbers the accountant can add up", () => {
    const sheets = gstr1Sheets([creditNote('Asha Rao')]);
    expect(sheets['b2cs.csv']).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'OE,29-Karnataka,18,,-42.37,0.00,\r\n',
    );
    expect(sheets['hsn.csv']?.split('\r\n')[1]).toBe(
      '999293,Online music production masterclass,NA,-1,-50.00,18,-42.37,-7.63,0.00,0.00,0.00',
    );
    expect(sheets['invoice-register.csv']?.split('\r\n')[1]).toBe(
      'Credit note,INVC/26-27/00001,2026-11-02,INV/26-27/00009 of 2026-10-20,Asha Rao,29-Karnataka,999293,18,42.37,0.00,0.00,7.63,50.00',
    );
  });

  it('lists a series moved on after a restore as two runs, so no range holds a number never issued', () => {
    const sheets = gstr1Sheets([invoice(1, 'Asha Rao'), invoice(2, 'Ravi Kumar'), invoice(58262, 'Meena Iyer')]);
    expect(sheets['docs.csv']?.split('\r\n')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      'Invoices for outward supply,INV/26-27/00001,INV/26-27/00002,2,0',
      'Invoices for outward supply,INV/26-27/58262,INV/26-27/58262,1,0',
      '',
    ]);
  });
});
