/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN, and the place of supply in a return: "27-Maharashtra").
 */
export const gstStates: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** The states' names in alphabetical order (the payment claim's list). */
export const stateNames: readonly string[] = Object.values(gstStates).sort();

const squash = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** A state's GST code from its name as a person writes it ("maharashtra", "Tamil Nadu", "J&K" is not one); undefined when unknown. */
export function stateCodeOf(name: string): string | undefined {
  const wanted = squash(name);
  if (!wanted) return undefined;
  return Object.keys(gstStates).find((code) => squash(gstStates[code] ?? '') === wanted);
}

/** "27-Maharashtra": a place of supply as the GST offline utility writes it. */
export const placeOfSupply = (code: string): string => `${code}-${gstStates[code] ?? 'Unknown'}`;
