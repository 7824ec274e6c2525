/**
 * The upload's refusal, said in the browser (a file the input's type check rejects) and on the
 * server (bytes that do not decode as an image) alike.
 */
export const NOT_AN_IMAGE = "O arquivo enviado não é uma imagem.";

/** A full image queue (an upload refused for now), and a job past its time limit. */
export const IMAGE_SERVER_BUSY =
  "Muitas imagens estão sendo processadas agora. Aguarde alguns segundos e tente novamente.";
