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
