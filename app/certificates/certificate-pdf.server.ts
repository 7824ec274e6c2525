import { formatIsoDate, todayInBrazil } from "~/events/event-dates";
import { renderPdf } from "~/lib/pdf/pdf-document.server";
import { formatCertificateCode } from "./certificate-code";
import {
  certificateSentence,
  cnpjText,
  durationText,
  listsActivities,
  longDate,
  monthText,
} from "./certificate-text";
import type { Certificate } from "./certificates.server";

/** Where anyone checks a certificate: printed on it and encoded in its QR code. */
export function verificationUrl(baseUrl: string, code: string): string {
  return new URL(`/certificados/${formatCertificateCode(code)}`, baseUrl).toString();
}

/**
 * The certificate as an A4 PDF a university secretary accepts (ADR 0052): title, the one
 * sentence naming both parties, the CNPJ, the activity, the period, the hours and the law; the
 * list of activities when there are several; place and date; the code, the QR code and how to
 * verify. A revoked certificate still downloads, marked as revoked on its face.
 */
export function certificatePdf(
  certificate: Certificate,
  site: { appName: string; baseUrl: string },
): Promise<Buffer> {
  const url = verificationUrl(site.baseUrl, certificate.code);
  const code = formatCertificateCode(certificate.code);
  const issuedOn = todayInBrazil(certificate.issuedAt);
  return renderPdf(
    {
      title: "Certificado de Trabalho Voluntário",
      author: site.appName,
      subject: `Certificado ${code}`,
      createdAt: certificate.issuedAt,
    },
    async (pdf) => {
      pdf.footer(`${site.appName} · certificado ${code}`);
      pdf.space(2);
      pdf.title("Certificado de Trabalho Voluntário");
      pdf.subtitle(
        `${certificate.institutionName} · CNPJ ${cnpjText(certificate.institutionCnpj)}`,
      );
      if (certificate.revokedAt) {
        pdf.paragraph(
          `ATENÇÃO: este certificado foi revogado pela instituição em ${formatIsoDate(todayInBrazil(certificate.revokedAt))} e não tem validade.`,
          { align: "center" },
        );
      }
      pdf.space(1);
      pdf.paragraph(certificateSentence(certificate), { size: 13 });
      if (listsActivities(certificate)) {
        pdf.heading("Atividades");
        pdf.list(
          certificate.hours.map(
            (row) =>
              `${row.kind === "ONGOING" ? monthText(row.workedOn) : formatIsoDate(row.workedOn)} — ${row.activity} — ${durationText(row.minutes)}`,
          ),
        );
      }
      pdf.space(1);
      pdf.paragraph(`${certificate.issuedPlace}, ${longDate(issuedOn)}.`, { align: "left" });
      const issuedHow =
        certificate.issuedByRole === "INSTITUTION"
          ? "Emitido pela instituição por meio da plataforma"
          : "Horas confirmadas pela instituição; emitido por meio da plataforma";
      // The representative named in the profile when it was issued signs; without one, the
      // institution's name stands on the line, as before ADR 0067.
      if (certificate.representativeName && certificate.representativeRole) {
        pdf.signature(
          certificate.representativeName,
          `${certificate.representativeRole} · ${certificate.institutionName}`,
          issuedHow,
        );
      } else {
        pdf.signature(certificate.institutionName, issuedHow);
      }
      pdf.space(2);
      await pdf.qr(url, [
        `Código de verificação: ${code}`,
        "Para verificar a autenticidade, leia o QR code ou acesse",
        url,
        `ou digite o código em ${new URL("/certificados", site.baseUrl).toString()}.`,
      ]);
    },
  );
}
