import { Fragment } from "react";
import { formatCode } from "~/modules/verification/code";

/**
 * An email address that wraps only after its `@` and its dots, never inside a name (a narrow screen or
 * table cell otherwise cuts "example" in two). Latin, so isolated inside Arabic text.
 */
export function Email({ address, className = "" }: { address: string; className?: string }) {
  const parts = address.split(/(?<=[@.])/);
  return (
    <bdi dir="ltr" className={`break-normal ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}

/** A verification code in its groups of four (ABCD-EFGH-…): it wraps between groups, never inside one. */
export function VerificationCode({ code, ...props }: { code: string } & React.HTMLAttributes<HTMLElement>) {
  const groups = formatCode(code).split("-");
  return (
    <code dir="ltr" {...props}>
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              -<wbr />
            </>
          ) : null}
          <span className="whitespace-nowrap" style={{ whiteSpace: "nowrap" }}>
            {group}
          </span>
        </Fragment>
      ))}
    </code>
  );
}

/** Text that may wrap only at the given points (after each match of `after`), never inside a piece. */
function Pieces({ text, after }: { text: string; after: RegExp }) {
  return (
    <>
      {text.split(after).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A link's address shown as text: it wraps after its slashes, dots and query marks, never inside a word or a code. */
export function UrlText({ url }: { url: string }) {
  return (
    <bdi dir="ltr" className="break-normal">
      <Pieces text={url} after={/(?<=[/.?&=])/} />
    </bdi>
  );
}

/**
 * A SHA-256 hash in hexadecimal: it wraps between groups of eight (the text copied stays one string); a
 * fingerprint written with colons wraps after them.
 */
export function HashText({ hash, ...props }: { hash: string } & React.HTMLAttributes<HTMLElement>) {
  return (
    <code dir="ltr" className="break-normal" {...props}>
      <Pieces text={hash} after={hash.includes(":") ? /(?<=:)/ : /(?<=^(?:[0-9a-fA-F]{8})+)/} />
    </code>
  );
}
