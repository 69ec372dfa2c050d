import crypto from "node:crypto";
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  ContentInfo,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
  id_data,
  id_signedData,
} from "@peculiar/asn1-cms";
import {
  AsnArray,
  AsnConvert,
  AsnIntegerArrayBufferConverter,
  AsnProp,
  AsnPropTypes,
  AsnType,
  AsnTypeTypes,
  OctetString,
} from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, Certificate, GeneralName, GeneralNames } from "@peculiar/asn1-x509";

/**
 * A CMS SignedData for a PDF signature (PAdES baseline B, ETSI EN 319 142-1): detached, SHA-256, with the
 * content-type, message-digest and signing-certificate-v2 attributes and no signing-time (the PDF's /M says
 * when). The structures are @peculiar's ASN.1 schemas (RFC 5652); only the ESS attribute (RFC 5035), which
 * they do not ship, is declared here, as a schema.
 */
const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
};
const DER_NULL = new Uint8Array([0x05, 0x00]).buffer;

// RFC 5035: IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber CertificateSerialNumber }
class IssuerSerial {
  issuer = new GeneralNames();
  serialNumber = new ArrayBuffer(0);
  constructor(params: Partial<IssuerSerial> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: GeneralNames })(IssuerSerial.prototype, "issuer");
AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerArrayBufferConverter })(
  IssuerSerial.prototype,
  "serialNumber",
);

// ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256 (left out), certHash OCTET STRING, issuerSerial }
class EssCertIdV2 {
  certHash = new OctetString();
  issuerSerial = new IssuerSerial();
  constructor(params: Partial<EssCertIdV2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: OctetString })(EssCertIdV2.prototype, "certHash");
AsnProp({ type: IssuerSerial })(EssCertIdV2.prototype, "issuerSerial");

class EssCertIdsV2 extends AsnArray<EssCertIdV2> {}
AsnType({ type: AsnTypeTypes.Sequence, itemType: EssCertIdV2 })(EssCertIdsV2);

// SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }
class SigningCertificateV2 {
  certs = new EssCertIdsV2();
  constructor(params: Partial<SigningCertificateV2> = {}) {
    Object.assign(this, params);
  }
}
AsnProp({ type: EssCertIdsV2 })(SigningCertificateV2.prototype, "certs");

// The signed attributes as they are signed: a SET OF Attribute with its universal tag.
class SignedAttributesSet extends AsnArray<Attribute> {}
AsnType({ type: AsnTypeTypes.Set, itemType: Attribute })(SignedAttributesSet);

class ObjectIdentifierValue {
  value = "";
}
AsnType({ type: AsnTypeTypes.Choice })(ObjectIdentifierValue);
AsnProp({ type: AsnPropTypes.ObjectIdentifier })(ObjectIdentifierValue.prototype, "value");

const sha256 = (bytes: crypto.BinaryLike) => crypto.createHash("sha256").update(bytes).digest();

/** A certificate (DER) as the CMS structures hold it. */
export const parseCertificate = (der: Uint8Array) => AsnConvert.parse(der, Certificate);

/**
 * The CMS signature of the content whose SHA-256 is `digest` (the PDF's signed byte ranges) by the holder of
 * `key`, whose certificate is the first of `chain` (the issuing CA's follow, so a reader can build the path).
 * With `timestamp`, the signature value is time-stamped and the token joins it as an unsigned attribute (B-T).
 */
export async function cmsSignature(
  digest: Uint8Array,
  key: crypto.KeyObject,
  chain: Certificate[],
  timestamp?: (signature: Uint8Array) => Promise<ArrayBuffer | undefined>,
): Promise<Buffer> {
  const signer = chain[0];
  const oid = new ObjectIdentifierValue();
  oid.value = id_data;
  const essCertId = new EssCertIdV2({
    certHash: new OctetString(sha256(Buffer.from(AsnConvert.serialize(signer)))),
    issuerSerial: new IssuerSerial({
      issuer: new GeneralNames([new GeneralName({ directoryName: signer.tbsCertificate.issuer })]),
      serialNumber: signer.tbsCertificate.serialNumber,
    }),
  });
  const attributes = [
    new Attribute({ attrType: OID.contentType, attrValues: [AsnConvert.serialize(oid)] }),
    new Attribute({
      attrType: OID.messageDigest,
      attrValues: [AsnConvert.serialize(new OctetString(digest))],
    }),
    new Attribute({
      attrType: OID.signingCertificateV2,
      attrValues: [AsnConvert.serialize(new SigningCertificateV2({ certs: new EssCertIdsV2([essCertId]) }))],
    }),
  ];
  const signature = crypto.sign("sha256", Buffer.from(AsnConvert.serialize(new SignedAttributesSet(attributes))), key);
  const token = await timestamp?.(signature);
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([new AlgorithmIdentifier({ algorithm: OID.sha256 })]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet(chain.map((certificate) => new CertificateChoices({ certificate }))),
    signerInfos: new SignerInfos([
      new SignerInfo({
        version: 1,
        sid: new SignerIdentifier({
          issuerAndSerialNumber: new IssuerAndSerialNumber({
            issuer: signer.tbsCertificate.issuer,
            serialNumber: signer.tbsCertificate.serialNumber,
          }),
        }),
        digestAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256 }),
        signedAttrs: attributes,
        // An imported certificate may hold an EC key (docs/architecture.md §20); ours are RSA.
        signatureAlgorithm:
          key.asymmetricKeyType === "ec"
            ? new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 })
            : new AlgorithmIdentifier({ algorithm: OID.rsaEncryption, parameters: DER_NULL }),
        signature: new OctetString(signature),
        unsignedAttrs: token
          ? [new Attribute({ attrType: OID.signatureTimeStampToken, attrValues: [token] })]
          : undefined,
      }),
    ]),
  });
  return Buffer.from(
    AsnConvert.serialize(new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) })),
  );
}
