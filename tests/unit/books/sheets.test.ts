import { parse } from 'csv-parse/sync';
import type { AdvanceDocument, BookDocument } from '@/lib/books/book-document';
import { gstr1Sheets } from '@/lib/books/sheets';
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
    expect(Object.keys(sheets)).toEqual([
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'cdnr.csv',
      'cdnur.csv',
      'at.csv',
      'atadj.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
      'docs.csv',
      'invoice-register.csv',
    ]);
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
    expect(sheets['hsn(b2c).csv']?.split('\r\n')[1]).toBe(
      '999293,Online music production masterclass,NA,-1,-50.00,18,-42.37,-7.63,0.00,0.00,0.00',
    );
    expect(sheets['invoice-register.csv']?.split('\r\n')[1]).toBe(
      'Credit note,INVC/26-27/00001,2026-11-02,INV/26-27/00009 of 2026-10-20,Asha Rao,,29-Karnataka,999293,18,42.37,0.00,0.00,7.63,50.00',
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

  it('lists a month of studio time as the return asks: businesses, a large sale across states, advances and their adjustment', () => {
    const label = '29AAACR5055K1Z3'; // a Karnataka label
    const agency = '27AADCB2230M1ZT'; // a Maharashtra agency
    const recording = { sac: '999611', description: 'Studio recording', ratePercent: 18, date: '2026-11-12' };
    const nothing = { recipient: 'x', taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
    const supply = (seq: number, rest: Partial<BookDocument>): BookDocument => ({
      ...recording,
      kind: 'invoice',
      id: seq,
      number: `INV/26-27/${String(seq).padStart(5, '0')}`,
      series: 'INV',
      seq,
      pos: '29',
      ...nothing,
      ...rest,
    });
    const docs: BookDocument[] = [
      // The label's session: ₹30,000 + IGST, its October deposit of ₹15,000 (before tax) adjusted.
      supply(10, {
        recipient: 'Raga Records Pvt Ltd',
        recipientGstin: label,
        taxablePaise: 3_000_000,
        igstPaise: 540_000,
        totalPaise: 3_540_000,
        advanceAdjustedPaise: 1_500_000,
      }),
      // The agency's, within Maharashtra: ₹10,000 + CGST + SGST.
      supply(11, {
        recipient: 'Beat Agency LLP',
        recipientGstin: agency,
        pos: '27',
        taxablePaise: 1_000_000,
        cgstPaise: 90_000,
        sgstPaise: 90_000,
        totalPaise: 1_180_000,
      }),
      // A person in Delhi: ₹1,00,000 + IGST = ₹1,18,000, above ₹1 lakh across states.
      supply(12, {
        recipient: 'Kabir Singh',
        pos: '07',
        taxablePaise: 10_000_000,
        igstPaise: 1_800_000,
        totalPaise: 11_800_000,
      }),
      // A masterclass in Karnataka: a small supply to a person.
      supply(13, {
        recipient: 'Asha Rao',
        sac: '999293',
        description: 'Online music production masterclass',
        taxablePaise: 9_900,
        igstPaise: 1_782,
        totalPaise: 11_682,
      }),
      // An hour given back to the label: ₹5,000 + IGST.
      {
        ...supply(1, { recipient: 'Raga Records Pvt Ltd', recipientGstin: label }),
        kind: 'credit-note',
        number: 'INVC/26-27/00001',
        series: 'INVC',
        taxablePaise: 500_000,
        igstPaise: 90_000,
        totalPaise: 590_000,
        against: { number: 'INV/26-27/00010', date: '2026-11-12', totalPaise: 3_540_000 },
      },
    ];
    const voucher = (kind: AdvanceDocument['kind'], seq: number, rest: Partial<AdvanceDocument>): AdvanceDocument => ({
      kind,
      id: seq,
      number: `${kind === 'receipt-voucher' ? 'RV' : 'RFV'}/26-27/${String(seq).padStart(5, '0')}`,
      series: kind === 'receipt-voucher' ? 'RV' : 'RFV',
      seq,
      date: '2026-11-20',
      pos: '27',
      ratePercent: 18,
      ...nothing,
      ...rest,
    });
    const advances = [
      // Deposits received: ₹5,900 from a person in Maharashtra, ₹11,800 from the label.
      voucher('receipt-voucher', 1, {
        taxablePaise: 500_000,
        cgstPaise: 45_000,
        sgstPaise: 45_000,
        totalPaise: 590_000,
      }),
      voucher('receipt-voucher', 2, {
        recipientGstin: label,
        pos: '29',
        taxablePaise: 1_000_000,
        igstPaise: 180_000,
        totalPaise: 1_180_000,
      }),
      // A deposit of October returned before its invoice: ₹2,000 before tax.
      voucher('refund-voucher', 1, {
        taxablePaise: 200_000,
        cgstPaise: 18_000,
        sgstPaise: 18_000,
        totalPaise: 236_000,
      }),
    ];
    const sheets = gstr1Sheets(docs, advances);
    const rows = (name: string) => (sheets[name] ?? '').split('\r\n').slice(1, -1);
    const header = (name: string) => (sheets[name] ?? '').split('\r\n')[0];
    expect(header('b2b.csv')).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(header('cdnr.csv')).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    );
    expect(header('b2cl.csv')).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(header('atadj.csv')).toBe(
      'Place Of Supply,Applicable % of Tax Rate,Rate,Gross Advance Adjusted,Cess Amount',
    );
    expect(rows('b2b.csv')).toEqual([
      `${label},Raga Records Pvt Ltd,INV/26-27/00010,12-Nov-2026,35400.00,29-Karnataka,N,,Regular B2B,,18,30000.00,0.00`,
      `${agency},Beat Agency LLP,INV/26-27/00011,12-Nov-2026,11800.00,27-Maharashtra,N,,Regular B2B,,18,10000.00,0.00`,
    ]);
    expect(rows('b2cl.csv')).toEqual(['INV/26-27/00012,12-Nov-2026,118000.00,07-Delhi,,18,100000.00,0.00,']);
    expect(rows('b2cs.csv')).toEqual(['OE,29-Karnataka,18,,99.00,0.00,']);
    expect(rows('cdnr.csv')).toEqual([
      `${label},Raga Records Pvt Ltd,INVC/26-27/00001,12-Nov-2026,C,29-Karnataka,N,Regular B2B,5900.00,,18,5000.00,0.00`,
    ]);
    expect(rows('cdnur.csv')).toEqual([]);
    expect(rows('at.csv')).toEqual(['27-Maharashtra,,18,5000.00,0.00', '29-Karnataka,,18,10000.00,0.00']);
    expect(rows('atadj.csv')).toEqual(['27-Maharashtra,,18,2000.00,0.00', '29-Karnataka,,18,15000.00,0.00']);
    // B2B: 30,000 + 10,000 − 5,000 taxable; IGST 5,400 − 900; one invoice net (two, less a note).
    expect(rows('hsn(b2b).csv')).toEqual([
      '999611,Studio recording,NA,1,41300.00,18,35000.00,4500.00,900.00,900.00,0.00',
    ]);
    expect(rows('hsn(b2c).csv')).toEqual([
      '999293,Online music production masterclass,NA,1,116.82,18,99.00,17.82,0.00,0.00,0.00',
      '999611,Studio recording,NA,1,118000.00,18,100000.00,18000.00,0.00,0.00,0.00',
    ]);
    // Table 13: a series a row, vouchers in their own series.
    const issued =
      'INV/26-27/00010,INV/26-27/00013,4;INVC/26-27/00001,INVC/26-27/00001,1;RV/26-27/00001,RV/26-27/00002,2';
    expect(rows('docs.csv').map((row) => row.split(',').slice(1, 4).join(','))).toEqual([
      ...issued.split(';'),
      'RFV/26-27/00001,RFV/26-27/00001,1',
    ]);
    expect(rows('docs.csv').map((row) => row.split(',')[0])).toEqual([
      'Invoices for outward supply',
      'Credit Note',
      'Receipt voucher',
      'Refund voucher',
    ]);
    expect(rows('invoice-register.csv')).toHaveLength(8);
    expect(rows('invoice-register.csv')[5]).toBe(
      'Receipt voucher,RV/26-27/00001,2026-11-20,,x,,27-Maharashtra,,18,5000.00,450.00,450.00,0.00,5900.00',
    );
  });
});
