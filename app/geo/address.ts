export interface PostalAddressParts {
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
}

/** "Rua das Flores, 120 – Sala 3", "Centro", "Recife/PE": the lines of a full address. */
export function addressLines(address: PostalAddressParts): string[] {
  const streetLine = `${address.street}, ${address.number}${
    address.complement ? ` – ${address.complement}` : ""
  }`;
  return [streetLine, address.neighborhood, `${address.city}/${address.state}`];
}

/** The address on one line (calendar LOCATION, structured data). */
export function addressOneLine(address: PostalAddressParts): string {
  return addressLines(address).join(", ");
}
