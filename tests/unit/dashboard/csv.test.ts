import { csvField, csvLines, guardFormula, toCsv } from '@/lib/csv';
import { csvFileName } from '@/lib/dashboard/csv';
import { cellText } from '@/lib/dashboard/format';
import { dashboardPlaceOf, dashboardViewOf } from '@/lib/dashboard/views';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardViewPaths } from '@/lib/dashboard/views';

describe("CSV, as the dashboard tables, a person's data and the books are written (lib/csv.ts)", () => {
  it.each([
    // RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    // A formula a spreadsheet would run is defused, then quoted if it needs to be.
    ['=HYPERLINK("http://evil.example/x","ok")', '"\'=HYPERLINK(""http://evil.example/x"",""ok"")"'],
    ['@SUM(A:A)', "'@SUM(A:A)"],
    ['+cmd|x', "'+cmd|x"],
    ['-x', "'-x"],
    ['＝1+1', "'＝1+1"],
    ['\t=1', "\t'=1"],
    ['\r=1', '"\r\'=1"'],
    ['Ann;=x', "Ann;'=x"],
    ['Ann\t=x', "Ann\t'=x"],
  ])('writes the text %j as the field %s: quoted as RFC 4180 asks, run by no spreadsheet', (cell, field) => {
    expect(csvField(cell)).toBe(field);
  });

  it('defuses cells a spreadsheet would run as formulas: an apostrophe before the trigger', () => {
    for (const cell of ['=HYPERLINK("http://x")', '+91 98765 43210', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(guardFormula(cell)).toBe(`'${cell}`);
    }
    // OWASP: full-width forms, the pipe and percent.
    for (const cell of ['＝1+1', '＋1', '－1', '＠SUM(A1)', '|calc', '%0A=1']) {
      expect(guardFormula(cell)).toBe(`'${cell}`);
    }
    // After leading spaces or line breaks, which some spreadsheets skip: the apostrophe is what they find.
    expect(['\n=1+1', '  =1+1', '\r\n@x', '\t=1'].map(guardFormula)).toEqual([
      "\n'=1+1",
      "  '=1+1",
      "\r\n'@x",
      "\t'=1",
    ]);
    const plain = ['Mixing, Mastering', 'a; b = c', 'Asha', 'a = b'];
    expect(plain.map(guardFormula)).toEqual(plain);
    expect(csvField('=1+1,2')).toBe('"\'=1+1,2"');
  });

  it.each([
    ['a;=1+1', "a;'=1+1"],
    ['a; =1+1', "a; '=1+1"],
    ['a,@SUM(A1)', "a,'@SUM(A1)"],
    ['a\t=1', "a\t'=1"],
    ['Pune;+91 98765 43210', "Pune;'+91 98765 43210"],
    ['x;＝1', "x;'＝1"],
    ['a\r\n=1', "a\r\n'=1"],
    ['=a;=b', "'=a;'=b"],
  ])(
    'guards each cell a spreadsheet splitting the line on , ; tab or a line break would start: %j as %j',
    (cell, guarded) => {
      expect(guardFormula(cell)).toBe(guarded);
    },
  );

  it("keeps numbers numbers: a credit note's -50.00, a count, a rate", () => {
    expect(['-50.00', '-3', '0.00', '18'].map(csvField)).toEqual(['-50.00', '-3', '0.00', '18']);
    expect([-50, 4, 0].map(csvField)).toEqual(['-50', '4', '0']);
    // Text that only starts like a number is still guarded.
    expect(['-2+3', '-1e5', '- 50', '+50'].map(guardFormula)).toEqual(["'-2+3", "'-1e5", "'- 50", "'+50"]);
  });

  it('writes lines of cells with CRLF line ends', () => {
    expect(
      csvLines([
        ['Total', -50],
        ['a,b', '=1'],
      ]),
    ).toBe('Total,-50\r\n"a,b",\'=1\r\n');
  });

  it('writes a header line and one CRLF-terminated line per row', () => {
    const rows = [
      { id: 1, name: 'Asha', services: ['Mixing', 'Mastering'] },
      { id: 2, name: '<script>alert(1)</script>', services: [] },
    ];
    const csv = toCsv(
      [
        { header: 'ID', value: (r: (typeof rows)[number]) => String(r.id) },
        { header: 'Full name', value: (r) => r.name },
        { header: 'Additional services', value: (r) => cellText(r.services) },
      ],
      rows,
    );
    expect(csv).toBe(
      'ID,Full name,Additional services\r\n1,Asha,"Mixing, Mastering"\r\n2,<script>alert(1)</script>,\r\n',
    );
  });

  it('names the file after the table and the day', () => {
    expect(csvFileName('pro-audio-submissions', new Date('2026-11-20T10:00:00Z'))).toBe(
      'pro-audio-submissions-2026-11-20.csv',
    );
  });
});

describe('dashboard views', () => {
  it('maps nested paths to views as the spec lists them', () => {
    expect(dashboardViewOf('get-audio-form-request', [])).toEqual({ kind: 'audio' });
    expect(dashboardViewOf('get-video-form-request', [])).toEqual({ kind: 'coming-soon' });
    expect(dashboardViewOf('get-voice-form-request', [])).toEqual({ kind: 'coming-soon' });
    expect(dashboardViewOf('forms/query', ['query'])).toEqual({ kind: 'inbox', form: 'query' });
    expect(dashboardViewOf('forms/query', [])).toEqual({ kind: 'select' });
    expect(dashboardViewOf('', [])).toEqual({ kind: 'select' });
    expect(dashboardViewOf('anything/else', [])).toEqual({ kind: 'select' });
  });

  it('gives each address the build copies the dashboard page to a view of its own', () => {
    const forms = Object.keys(inboxForms);
    const paths = dashboardViewPaths(forms);
    expect(paths.filter((p) => dashboardViewOf(p, forms).kind === 'select')).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('reads the view and the submission opened from the address', () => {
    expect(dashboardPlaceOf('/dashboard-x/forms/query/', '12', '/dashboard-x')).toEqual({
      basePath: '/dashboard-x',
      viewPath: 'forms/query',
      detailId: 12,
    });
    expect(dashboardPlaceOf('/dashboard-x', null, '/dashboard-x').viewPath).toBe('');
    expect(dashboardPlaceOf('/dashboard-x/payments', '1.5', '/dashboard-x').detailId).toBeUndefined();
  });
});
