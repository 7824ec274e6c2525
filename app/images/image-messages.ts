import { IMAGE_MAX_UPLOAD_MB } from "~/config/constants";

/**
 * The upload's refusal, said in the browser (a file that is not a JPG or PNG, or does not
 * decode) and on the server (bytes that do not decode as an image) alike. docs/spec.md fixes its
 * first sentence; the second says what to do.
 */
export const NOT_AN_IMAGE = "O arquivo enviado não é uma imagem. Escolha uma foto em JPG ou PNG.";

/** A file over the upload limit, refused in the browser and on the server alike. */
export const IMAGE_TOO_LARGE = `A foto tem mais de ${IMAGE_MAX_UPLOAD_MB} MB. Escolha uma foto menor.`;

/** A full image queue (an upload refused for now), and a job past its time limit. */
export const IMAGE_SERVER_BUSY =
  "Muitas imagens estão sendo processadas agora. Aguarde alguns segundos e tente novamente.";

/**
 * A staged photo the form names but cannot claim: gone after a day, claimed already, or another
 * person's (docs/decisions/0029).
 */
export const STAGED_IMAGE_GONE =
  "A foto escolhida não está mais disponível. Escolha a foto de novo.";

/** The browser's upload failed on the way (connection lost, server unreachable). */
export const IMAGE_UPLOAD_FAILED =
  "Não foi possível enviar a foto. Verifique sua conexão e escolha a foto de novo.";
