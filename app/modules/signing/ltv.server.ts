import { PDFName, PDFNumber, PDFRef, type PDFArray, type PDFDict } from "pdf-lib";
import { ContentInfo, SignedData } from "@peculiar/asn1-cms";
import { AsnConvert } from "@peculiar/asn1-schema";
import { appendUpdate, objectsOf, streamBody, type PendingObject } from "~/platform/pdf/incremental";

/**
 * PDFs that stay valid for years (PAdES baseline B-LT and B-LTA, ETSI EN 319 142-1, docs/decisions/0027). After the
 * organisation's timestamped signature (B-T), one update adds a Document Security Store with the certificates of its
 * chain and of the time-stamping authority, and our authority's CRL (B-LT); a second adds a document timestamp over
 * the whole file, DSS included (B-LTA). Both are incremental: the signature's bytes never change.
 */
export const DOCUMENT_TIMESTAMP_LENGTH = 24_000;
const BYTE_RANGE_PLACEHOLDER = "[0 0000000000 0000000000 0000000000]";

const refList = (numbers: number[]) => `[${numbers.map((number) => `${number} 0 R`).join(" ")}]`;

/** The certificates a timestamp token carries (its authority's, when it was asked for them). */
export function certificatesInToken(token: ArrayBuffer) {
  const signedData = AsnConvert.parse(AsnConvert.parse(token, ContentInfo).content, SignedData);
  return (signedData.certificates ?? [])
    .filter((choice) => choice.certificate)
    .map((choice) => new Uint8Array(AsnConvert.serialize(choice.certificate!)));
}

/** B-LT: the validation data (DER certificates and CRLs) in the catalog's Document Security Store. */
export async function addValidationData(pdf: Uint8Array, data: { certificates: Uint8Array[]; crls: Uint8Array[] }) {
  const read = await objectsOf(pdf);
  let next = read.nextNumber;
  const objects: PendingObject[] = [];
  const streams = (items: Uint8Array[]) =>
    items.map((der) => {
      const number = next++;
      objects.push({ number, body: streamBody(der) });
      return number;
    });
  const certificates = streams(data.certificates);
  const crls = streams(data.crls);
  const dss = next++;
  objects.push({ number: dss, body: `<< /Type /DSS /Certs ${refList(certificates)} /CRLs ${refList(crls)} >>` });
  read.catalog.set(PDFName.of("DSS"), PDFRef.of(dss));
  objects.push({ number: read.rootNumber, body: read.catalog.toString() });
  return appendUpdate(pdf, objects);
}

/**
 * B-LTA: a document timestamp (an RFC 3161 token over every byte of the file but its own, `/SubFilter
 * /ETSI.RFC3161`) in an invisible signature field of the first page. `timestamp` answers the token for the bytes.
 */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  timestamp: (signedBytes: Uint8Array) => Promise<ArrayBuffer>,
) {
  const read = await objectsOf(pdf);
  let next = read.nextNumber;
  const signature = next++;
  const field = next++;
  const objects: PendingObject[] = [];
  const rewrite = (ref: PDFRef, body: PDFDict | PDFArray) =>
    objects.push({ number: ref.objectNumber, body: body.toString() });

  const page = read.firstPage;
  const fieldRef = PDFRef.of(field);
  const fieldNames = (read.lookup(read.catalog.get(PDFName.of("AcroForm"))) as PDFDict | undefined)?.lookup(
    PDFName.of("Fields"),
  ) as PDFArray | undefined;
  const name = `DocumentTimestamp${(fieldNames?.size() ?? 0) + 1}`;
  objects.push({
    number: field,
    body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (${name}) /V ${signature} 0 R /F 132 /Rect [0 0 0 0] /P ${page.ref.toString()} >>`,
  });

  // The widget in the page's annotations: the array rewritten where it lives (its own object, or the page).
  const annotsEntry = page.node.get(PDFName.of("Annots"));
  if (annotsEntry instanceof PDFRef) {
    const annots = read.lookup(annotsEntry) as PDFArray;
    annots.push(fieldRef);
    rewrite(annotsEntry, annots);
  } else {
    const annots = (annotsEntry as PDFArray | undefined) ?? read.document.context.obj([]);
    annots.push(fieldRef);
    page.node.set(PDFName.of("Annots"), annots);
    rewrite(page.ref, page.node);
  }

  // The field in the form's fields, and the form marked as signed and append-only.
  const formEntry = read.catalog.get(PDFName.of("AcroForm"));
  const form = (read.lookup(formEntry) as PDFDict | undefined) ?? read.document.context.obj({});
  const fieldsEntry = form.get(PDFName.of("Fields"));
  if (fieldsEntry instanceof PDFRef) {
    const fields = read.lookup(fieldsEntry) as PDFArray;
    fields.push(fieldRef);
    rewrite(fieldsEntry, fields);
  } else {
    const fields = (fieldsEntry as PDFArray | undefined) ?? read.document.context.obj([]);
    fields.push(fieldRef);
    form.set(PDFName.of("Fields"), fields);
  }
  form.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  if (formEntry instanceof PDFRef) rewrite(formEntry, form);
  else {
    read.catalog.set(PDFName.of("AcroForm"), form);
    objects.push({ number: read.rootNumber, body: read.catalog.toString() });
  }

  objects.push({
    number: signature,
    body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <${"0".repeat(DOCUMENT_TIMESTAMP_LENGTH)}> >>`,
  });
  const updated = Buffer.from(appendUpdate(pdf, objects));

  const marker = `/ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <`;
  const at = updated.indexOf(marker, pdf.byteLength, "latin1");
  const contentsStart = at + marker.length - 1;
  const contentsEnd = contentsStart + DOCUMENT_TIMESTAMP_LENGTH + 2;
  const range = [0, contentsStart, contentsEnd, updated.byteLength - contentsEnd];
  const written = `[${range.join(" ")}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, " ");
  updated.write(written, at + "/ByteRange ".length, "latin1");
  const covered = Buffer.concat([updated.subarray(0, contentsStart), updated.subarray(contentsEnd)]);
  const hex = Buffer.from(await timestamp(covered)).toString("hex");
  if (hex.length > DOCUMENT_TIMESTAMP_LENGTH)
    throw new Error(`The document timestamp exceeds its placeholder: ${hex.length} > ${DOCUMENT_TIMESTAMP_LENGTH}`);
  updated.write(hex, contentsStart + 1, "latin1");
  return new Uint8Array(updated);
}
