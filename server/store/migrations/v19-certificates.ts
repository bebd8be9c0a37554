export const certificates = {
  version: 19,
  name: 'certificates: completion of an intake, participation in a masterclass; revoked, or withdrawn on erasure',
  sql: `
      -- One certificate per seat, with what it shows as it was issued (the studio, the holder as
      -- registered, the course and its dates). The serial is public (the verification page); its
      -- random part keeps it from being guessed. Erasure withdraws it and clears the holder.
      CREATE TABLE certificates (
        id serial PRIMARY KEY,
        serial text NOT NULL UNIQUE CHECK (serial ~ '^[A-Z]{4}-[0-9]{4}-[0-9A-Z]{10}$'),
        seat_id integer NOT NULL UNIQUE REFERENCES session_seats (id),
        registration_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('completion', 'participation')),
        studio_name text NOT NULL,
        holder_name text NOT NULL,
        course text NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        issued_by text NOT NULL,
        revoked_at timestamptz,
        revoked_by text,
        revoke_reason text,
        withdrawn_at timestamptz
      );
      CREATE INDEX certificates_registration_idx ON certificates (registration_id);
    `,
};
