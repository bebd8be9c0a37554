'use client';

import { useEffect, useState } from 'react';
import { optionFromLink } from '@/lib/forms/link-option';

/**
 * A form page's heading that follows the link that opened it: with `?service=Pro Audio Mixing` the
 * request page reads "Request Pro Audio Mixing". Before the script runs it shows the page's own heading.
 */
export function LinkedHeading({
  id,
  text,
  param,
  prefix,
  options,
}: {
  id: string;
  text: string;
  param: string;
  prefix: string;
  options: readonly string[];
}) {
  const [heading, setHeading] = useState(text);
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get(param);
    const option = wanted ? optionFromLink(options, wanted) : undefined;
    if (option) setHeading(`${prefix}${option}`);
  }, [param, prefix, options]);
  return <h1 id={id}>{heading}</h1>;
}
