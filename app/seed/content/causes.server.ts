import type { CauseSlug } from "~/config/causes";

/**
 * What the demo institutions work for, in pt-BR: names, short summaries (at most 80 characters),
 * mission paragraphs and event ideas per cause. Texts may hold {inCity} ("em Natal", "no Rio de Janeiro"), {ofCity} and {neighborhood}
 * placeholders, filled by `fillTemplate` in JavaScript and by nested replace() in bulk SQL.
 * The names are invented; any likeness to a real organisation is a coincidence.
 */
export const CAUSE_KEYS = [
  "educacao",
  "animais",
  "idosos",
  "meio-ambiente",
  "saude",
  "fome",
  "esporte",
  "cultura",
] as const;
export type CauseKey = (typeof CAUSE_KEYS)[number];

/** Each demo cause as the platform's list names it (app/config/causes.ts, ADR 0045). */
export const CAUSE_SLUG_OF: Readonly<Record<CauseKey, CauseSlug>> = {
  educacao: "educacao",
  animais: "protecao-animal",
  idosos: "pessoas-idosas",
  "meio-ambiente": "meio-ambiente",
  saude: "saude",
  fome: "combate-a-fome",
  esporte: "esporte",
  cultura: "cultura",
};

export interface EventIdea {
  name: string;
  resume: string;
  about: string;
  /** In person when not said (events.format). */
  format?: "ONLINE" | "HIBRIDO";
}

export interface Cause {
  key: CauseKey;
  institutionNames: readonly string[];
  summaries: readonly string[];
  missions: readonly string[];
  events: readonly EventIdea[];
}

export const CAUSES: readonly Cause[] = [
  {
    key: "educacao",
    institutionNames: [
      "Instituto Mãos que Ajudam",
      "Instituto Saber Mais",
      "Associação Ler é Voar",
      "Projeto Escola Viva",
      "Instituto Semear Educação",
      "Centro Comunitário Aprender Juntos",
    ],
    summaries: [
      "Reforço escolar e leitura para crianças e adolescentes da periferia.",
      "Educação que transforma: aulas de apoio, biblioteca e oficinas gratuitas.",
      "Alfabetização de jovens e adultos com turmas no período noturno.",
      "Apoio pedagógico e incentivo à leitura em escolas públicas.",
    ],
    missions: [
      "Oferecemos reforço escolar de português e matemática no contraturno, uma biblioteca comunitária aberta ao bairro {neighborhood} e rodas de leitura para as famílias. Cada criança é acompanhada por um voluntário de referência, que conversa com a escola e com os responsáveis sobre o seu progresso.",
      "Nosso foco é a alfabetização de jovens e adultos que não puderam concluir os estudos. As turmas acontecem à noite, em grupos pequenos, com material preparado pela equipe pedagógica e adaptado à rotina de quem trabalha o dia todo.",
      "Levamos oficinas de ciências, redação e tecnologia para escolas públicas {ofCity}, sempre em parceria com os professores. Também mantemos um programa de orientação para o ENEM, com simulados e aulas de revisão aos sábados.",
    ],
    events: [
      {
        name: "Mutirão de Leitura na Praça",
        resume: "Uma manhã de histórias, empréstimo de livros e brincadeiras para as crianças.",
        about:
          "Vamos montar tendas de leitura na praça do bairro {neighborhood}, com contação de histórias, troca de livros e atividades de desenho. Precisamos de voluntários para ler em voz alta, organizar as mesas e ajudar as famílias a escolher os livros. Não é preciso experiência: basta gostar de crianças e chegar com meia hora de antecedência para a conversa de orientação.",
      },
      {
        name: "Aulões de Revisão para o ENEM",
        format: "ONLINE",
        resume: "Revisão intensiva de matemática, redação e ciências para estudantes.",
        about:
          "Durante um sábado inteiro, estudantes da rede pública {ofCity} assistem pela internet a aulões de revisão e fazem um simulado comentado. Procuramos voluntários com formação nas áreas de exatas, humanas e linguagens para conduzir as aulas, além de pessoas para moderar as perguntas e corrigir as redações.",
      },
      {
        name: "Arrecadação de Material Escolar",
        resume: "Coleta e montagem de kits escolares para o início do ano letivo.",
        about:
          "Recebemos doações de cadernos, lápis, mochilas e livros didáticos e montamos kits para as crianças atendidas pelo projeto. Os voluntários ajudam na triagem, na separação por série e na entrega às famílias. A ação acontece em nossa sede e conta com lanche para toda a equipe.",
      },
      {
        name: "Oficina de Robótica com Sucata",
        format: "ONLINE",
        resume: "Crianças constroem pequenos robôs com materiais reciclados.",
        about:
          "Uma tarde de criatividade, ao vivo pela internet, em que as crianças aprendem noções de eletrônica e programação construindo robôs com a sucata que têm em casa. Buscamos voluntários com alguma familiaridade com tecnologia ou trabalhos manuais para acompanhar os grupos por vídeo. A lista de materiais é enviada com antecedência.",
      },
      {
        name: "Feira de Troca de Livros",
        resume: "Traga um livro, leve outro: uma feira aberta a toda a comunidade.",
        about:
          "A feira reúne moradores {ofCity} para trocar livros, participar de bate-papos com autores locais e conhecer o trabalho da nossa biblioteca comunitária. Os voluntários cuidam das mesas de troca, da recepção do público e da organização das rodas de conversa.",
      },
    ],
  },
  {
    key: "animais",
    institutionNames: [
      "Associação Patinhas Felizes",
      "ONG Quatro Patas",
      "Abrigo Amigo Bicho",
      "Instituto Focinho Amigo",
      "Associação Protetores dos Animais",
    ],
    summaries: [
      "Resgate, tratamento e adoção responsável de cães e gatos abandonados.",
      "Castração solidária e cuidado com animais em situação de rua.",
      "Abrigo para cães e gatos que esperam por uma família.",
      "Proteção animal, educação para a guarda responsável e adoção.",
    ],
    missions: [
      "Resgatamos cães e gatos em situação de abandono ou maus-tratos, oferecemos atendimento veterinário, vacinação e castração, e só então os encaminhamos para a adoção responsável, com entrevista e acompanhamento após a adoção.",
      "Mantemos um abrigo com cerca de cem animais e um programa de castração a preço social para famílias de baixa renda {ofCity}. Também visitamos escolas para falar sobre guarda responsável e sobre como denunciar maus-tratos.",
    ],
    events: [
      {
        name: "Feira de Adoção de Cães e Gatos",
        resume: "Animais vacinados e castrados esperando por um novo lar.",
        about:
          "Nossa feira de adoção reúne dezenas de cães e gatos resgatados, todos vacinados, vermifugados e castrados. Precisamos de voluntários para passear com os animais, conversar com os interessados e ajudar no preenchimento das fichas de adoção. A feira acontece no bairro {neighborhood} e a entrada é gratuita.",
      },
      {
        name: "Mutirão de Castração Solidária",
        resume: "Castração a preço social para cães e gatos de famílias de baixa renda.",
        about:
          "Em parceria com clínicas veterinárias {ofCity}, realizamos um mutirão de castração para animais de famílias de baixa renda. Os voluntários ajudam na recepção, no cadastro dos tutores e no acompanhamento dos animais durante a recuperação da anestesia.",
      },
      {
        name: "Dia de Banho e Tosa no Abrigo",
        resume: "Um dia de cuidados para deixar nossos animais prontos para a adoção.",
        about:
          "Vamos dar banho, escovar e cortar as unhas dos cães e gatos do abrigo. É uma ótima oportunidade para conhecer os animais de perto. Use roupas que possam molhar e traga disposição: o resto nós fornecemos.",
      },
      {
        name: "Campanha de Arrecadação de Ração",
        resume: "Ponto de coleta de ração, areia e medicamentos para o abrigo.",
        about:
          "Montaremos pontos de coleta em supermercados parceiros para arrecadar ração, areia higiênica e medicamentos. Os voluntários abordam o público, explicam o trabalho do abrigo e organizam as doações recebidas ao longo do dia.",
      },
    ],
  },
  {
    key: "idosos",
    institutionNames: [
      "Lar Vovó Esperança",
      "Associação Melhor Idade Ativa",
      "Instituto Raízes da Vida",
      "Casa de Convivência Bem Viver",
      "Associação Cuidar de Quem Cuidou",
    ],
    summaries: [
      "Convivência, cuidado e atividades para pessoas idosas.",
      "Acolhimento de idosos com atividades físicas, culturais e afetivas.",
      "Combate à solidão na terceira idade com visitas e oficinas.",
      "Apoio a idosos em situação de vulnerabilidade e a suas famílias.",
    ],
    missions: [
      "Acolhemos pessoas idosas durante o dia, com refeições, acompanhamento de saúde e uma programação de atividades que inclui ginástica, música, artesanato e oficinas de memória. Muitos dos nossos frequentadores moram sozinhos, e o convívio faz toda a diferença.",
      "Nosso programa de visitas leva voluntários às casas de idosos que vivem sozinhos {inCity} para conversar, ler jornal, ajudar com pequenas tarefas e acompanhar consultas médicas. Também ensinamos o uso do celular para que mantenham contato com a família.",
    ],
    events: [
      {
        name: "Baile da Melhor Idade",
        resume: "Uma tarde de música ao vivo, dança e lanche para os nossos idosos.",
        about:
          "O tradicional baile reúne os frequentadores da casa, suas famílias e a comunidade do bairro {neighborhood}. Precisamos de voluntários para receber os convidados, servir o lanche e, claro, dançar com quem quiser companhia. Há também vagas para músicos voluntários.",
      },
      {
        name: "Oficina de Celular para Idosos",
        format: "HIBRIDO",
        resume: "Ensinamos a usar mensagens, chamadas de vídeo e aplicativos do dia a dia.",
        about:
          "Em pequenas turmas, voluntários ensinam pessoas idosas a enviar mensagens, fazer chamadas de vídeo, reconhecer golpes e usar aplicativos de banco e de saúde com segurança. Paciência é o principal requisito; o roteiro das aulas é entregue com antecedência.",
      },
      {
        name: "Tarde de Histórias e Memórias",
        format: "ONLINE",
        resume: "Rodas de conversa em que os idosos contam as histórias da cidade.",
        about:
          "Por chamada de vídeo, os voluntários conduzem rodas de conversa e registram as memórias dos nossos idosos sobre a cidade, o trabalho e a família. As histórias farão parte de um livro que será lançado no fim do ano. Procuramos pessoas que gostem de ouvir e, se possível, de escrever.",
      },
      {
        name: "Mutirão de Reparos na Casa de Convivência",
        resume: "Pintura, pequenos consertos e jardinagem na nossa sede.",
        about:
          "Vamos pintar salas, consertar portas e cuidar do jardim da casa de convivência. Voluntários com habilidades de manutenção são muito bem-vindos, mas há tarefas para todos. O almoço será servido no local.",
      },
    ],
  },
  {
    key: "meio-ambiente",
    institutionNames: [
      "Instituto Verde Vivo",
      "Associação Rios Limpos",
      "ONG Semente do Amanhã",
      "Coletivo Mata Viva",
      "Instituto Onda Azul",
    ],
    summaries: [
      "Reflorestamento, hortas comunitárias e educação ambiental.",
      "Limpeza de rios e praias e coleta seletiva com as comunidades.",
      "Plantio de árvores nativas e proteção de nascentes.",
      "Educação ambiental nas escolas e nos bairros.",
    ],
    missions: [
      "Recuperamos áreas degradadas com o plantio de árvores nativas, cuidamos de nascentes e mantemos um viveiro de mudas aberto à visitação. Nossas ações envolvem escolas, empresas e moradores, porque acreditamos que quem planta uma árvore passa a cuidar dela.",
      "Organizamos mutirões de limpeza de rios, córregos e praias e ajudamos condomínios e escolas {ofCity} a implantar a coleta seletiva. Tudo o que recolhemos é pesado e registrado, e os dados são compartilhados com a prefeitura para orientar políticas públicas.",
    ],
    events: [
      {
        name: "Plantio de Mudas Nativas",
        resume: "Vamos plantar 500 mudas de espécies nativas em uma área de recuperação.",
        about:
          "O plantio acontece em uma área de preservação às margens do rio, {inCity}. Os voluntários recebem orientação técnica sobre o preparo das covas e o cuidado com as mudas. Use roupas confortáveis, calçado fechado, protetor solar e traga sua garrafa de água.",
      },
      {
        name: "Mutirão de Limpeza do Rio",
        resume: "Retirada de lixo das margens e registro do material coletado.",
        about:
          "Vamos retirar resíduos das margens do rio e separar o material reciclável. Fornecemos luvas, sacos e pegadores. O mutirão termina com uma roda de conversa sobre o destino do lixo e sobre o que cada um pode fazer em casa.",
      },
      {
        name: "Oficina de Compostagem Doméstica",
        format: "ONLINE",
        resume: "Aprenda a transformar restos de comida em adubo para plantas.",
        about:
          "Na oficina, transmitida ao vivo pela internet, mostramos como montar uma composteira com baldes e como cuidar dela no dia a dia. Precisamos de voluntários para preparar os materiais, responder às perguntas dos participantes e acompanhar as atividades práticas em grupo.",
      },
      {
        name: "Horta Comunitária: Dia de Colheita",
        resume: "Colheita, replantio e partilha dos alimentos da horta do bairro.",
        about:
          "A horta comunitária do bairro {neighborhood} está pronta para a colheita. Vamos colher, replantar os canteiros e distribuir os alimentos para as famílias participantes. É uma atividade ótima para quem quer aprender sobre cultivo sem agrotóxicos.",
      },
    ],
  },
  {
    key: "saude",
    institutionNames: [
      "Associação Vida Plena",
      "Instituto Sorriso Solidário",
      "Associação Amigos do Coração",
      "Rede Cuidar Bem",
      "Instituto Abraço Acolhedor",
    ],
    summaries: [
      "Apoio a pacientes em tratamento e às suas famílias.",
      "Saúde bucal gratuita para crianças de comunidades carentes.",
      "Prevenção, acolhimento e informação sobre saúde na comunidade.",
      "Casa de apoio para pacientes que vêm de outras cidades para se tratar.",
    ],
    missions: [
      "Mantemos uma casa de apoio que hospeda pacientes e acompanhantes vindos do interior para tratamento {inCity}. Oferecemos hospedagem, alimentação, transporte até o hospital e apoio psicológico, sempre com o carinho de uma equipe formada em grande parte por voluntários.",
      "Promovemos campanhas de prevenção, feiras de saúde e atendimentos odontológicos gratuitos para crianças, em parceria com universidades e profissionais voluntários. Acreditamos que informação de qualidade é o primeiro passo para cuidar da saúde.",
    ],
    events: [
      {
        name: "Feira de Saúde no Bairro",
        resume: "Aferição de pressão, glicemia e orientação gratuita para a comunidade.",
        about:
          "A feira de saúde leva ao bairro {neighborhood} aferição de pressão arterial, teste de glicemia, orientação nutricional e atividades para as crianças. Procuramos profissionais de saúde voluntários e também pessoas para organizar as filas e o cadastro.",
      },
      {
        name: "Campanha de Doação de Sangue",
        resume: "Mobilização de doadores para o hemocentro da cidade.",
        about:
          "Vamos mobilizar doadores e organizar o transporte até o hemocentro. Os voluntários ajudam a divulgar a campanha, recebem os doadores e explicam os requisitos para doar. Quem puder, também é convidado a doar!",
      },
      {
        name: "Escovação Divertida nas Escolas",
        resume: "Orientação de saúde bucal com teatro e distribuição de kits.",
        about:
          "Com teatro de fantoches e muita brincadeira, ensinamos as crianças a escovar os dentes corretamente. Cada criança recebe um kit de higiene bucal. Buscamos voluntários para as apresentações e para ajudar os dentistas nas avaliações.",
      },
      {
        name: "Dia de Beleza na Casa de Apoio",
        resume: "Cortes de cabelo, manicure e bem-estar para pacientes e acompanhantes.",
        about:
          "Um dia dedicado à autoestima de quem está em tratamento: cortes de cabelo, manicure, maquiagem e massagem. Procuramos cabeleireiros, manicures e massoterapeutas voluntários, além de pessoas para organizar os horários.",
      },
    ],
  },
  {
    key: "fome",
    institutionNames: [
      "Banco de Alimentos Prato Cheio",
      "Associação Pão Nosso",
      "Cozinha Solidária Mesa Farta",
      "ONG Sopa do Bem",
      "Associação Amigos do Bairro",
      "Rede Solidária Partilhar",
    ],
    summaries: [
      "Combate à fome com refeições diárias e cestas básicas.",
      "Arrecadamos alimentos e os levamos a quem mais precisa.",
      "Cozinha solidária que serve almoço todos os dias da semana.",
      "Distribuição de sopa e acolhimento a pessoas em situação de rua.",
    ],
    missions: [
      "Servimos refeições quentes todos os dias para famílias em situação de insegurança alimentar e para pessoas em situação de rua. Os alimentos vêm de doações de supermercados, feiras e produtores da região {ofCity}, que recolhemos antes que fossem desperdiçados.",
      "Arrecadamos, separamos e distribuímos cestas básicas para famílias cadastradas, com acompanhamento social de cada uma. Também oferecemos cursos de culinária e de aproveitamento integral dos alimentos, que ajudam muitas mães a gerar renda.",
    ],
    events: [
      {
        name: "Montagem de Cestas Básicas",
        resume: "Separação e montagem de cestas para famílias cadastradas.",
        about:
          "Vamos separar os alimentos arrecadados no mês e montar as cestas básicas que serão entregues às famílias atendidas. A atividade acontece em nosso galpão, no bairro {neighborhood}, e exige um pouco de força para carregar caixas.",
      },
      {
        name: "Sopão Solidário de Sábado",
        resume: "Preparo e distribuição de sopa para pessoas em situação de rua.",
        about:
          "Toda semana preparamos sopa, pão e café para pessoas em situação de rua no centro {ofCity}. Os voluntários ajudam a cortar legumes, cozinhar, servir e, principalmente, conversar com quem vem até nós. Traga touca ou lenço para o cabelo.",
      },
      {
        name: "Campanha Natal sem Fome",
        format: "HIBRIDO",
        resume: "Arrecadação de alimentos para a ceia de Natal de famílias carentes.",
        about:
          "A campanha arrecada alimentos em pontos de coleta espalhados pela cidade para garantir uma ceia de Natal digna a centenas de famílias. Os voluntários cuidam dos pontos de coleta, da triagem e da entrega das cestas.",
      },
      {
        name: "Colheita Solidária na Feira",
        resume: "Recolhimento de frutas e verduras que sobram ao fim da feira livre.",
        about:
          "Ao final da feira livre, recolhemos com os feirantes frutas, verduras e legumes em bom estado que seriam descartados. Os voluntários fazem a coleta, a seleção e o transporte até a cozinha solidária.",
      },
    ],
  },
  {
    key: "esporte",
    institutionNames: [
      "Projeto Craques do Futuro",
      "Associação Esporte é Vida",
      "Instituto Remar Juntos",
      "Associação Vôlei na Comunidade",
      "Projeto Gol de Placa",
    ],
    summaries: [
      "Esporte como ferramenta de inclusão para crianças e adolescentes.",
      "Escolinhas gratuitas de futebol, vôlei e judô no contraturno escolar.",
      "Atividades esportivas e valores para jovens da comunidade.",
      "Esporte, disciplina e cidadania para a juventude.",
    ],
    missions: [
      "Mantemos escolinhas gratuitas de futebol, vôlei, judô e atletismo para crianças e adolescentes de 7 a 17 anos. Para participar, é preciso estar matriculado e frequentando a escola: o esporte é o incentivo, a educação é o objetivo.",
      "Usamos o esporte para ensinar respeito, trabalho em equipe e disciplina. Além dos treinos, oferecemos acompanhamento escolar, lanche e atendimento psicológico, e organizamos campeonatos que movimentam o bairro {neighborhood}.",
    ],
    events: [
      {
        name: "Torneio Interbairros de Futsal",
        resume: "Um fim de semana de jogos entre as equipes das comunidades.",
        about:
          "O torneio reúne equipes de vários bairros {ofCity} nas categorias sub-11, sub-13 e sub-15. Precisamos de voluntários para arbitragem, controle de súmulas, organização das equipes e distribuição de água e lanches.",
      },
      {
        name: "Corrida Solidária 5 km",
        resume: "Corrida e caminhada cuja inscrição é um quilo de alimento.",
        about:
          "A corrida tem percurso de 5 km e caminhada de 2 km, com inscrição solidária: um quilo de alimento não perecível. Os voluntários trabalham na entrega dos kits, nos postos de hidratação e na chegada.",
      },
      {
        name: "Festival de Esportes para Crianças",
        resume: "Circuito de atividades esportivas e brincadeiras para toda a família.",
        about:
          "Um dia inteiro de circuitos de atletismo, jogos cooperativos e aulas abertas de judô e vôlei no bairro {neighborhood}. Procuramos voluntários para conduzir as estações de atividades e cuidar da recepção das famílias.",
      },
      {
        name: "Clínica de Vôlei com Ex-atletas",
        resume: "Treino especial conduzido por ex-atletas profissionais.",
        about:
          "Ex-atletas profissionais conduzem uma clínica de vôlei para os alunos do projeto. Os voluntários ajudam a montar a quadra, organizar os grupos e registrar o evento em fotos para as famílias.",
      },
    ],
  },
  {
    key: "cultura",
    institutionNames: [
      "Instituto Arte na Comunidade",
      "Ponto de Cultura Raízes",
      "Associação Cultural Batuque",
      "Coletivo Palco Aberto",
      "Instituto Música para Todos",
    ],
    summaries: [
      "Música, teatro e dança gratuitos para jovens da periferia.",
      "Oficinas de arte e valorização da cultura popular brasileira.",
      "Orquestra comunitária e aulas de instrumentos para crianças.",
      "Cultura como direito: biblioteca, cinema e teatro no bairro.",
    ],
    missions: [
      "Oferecemos oficinas gratuitas de música, teatro, dança e artes visuais para crianças e jovens {ofCity}. Nossas turmas se apresentam em praças, escolas e centros culturais, e muitos ex-alunos hoje são professores do próprio projeto.",
      "Valorizamos a cultura popular brasileira com grupos de maracatu, capoeira, coco de roda e literatura de cordel. Mantemos um acervo de instrumentos emprestados aos alunos e um cineclube que exibe filmes nacionais uma vez por semana no bairro {neighborhood}.",
    ],
    events: [
      {
        name: "Sarau Cultural na Praça",
        format: "HIBRIDO",
        resume: "Música, poesia e dança com artistas da comunidade.",
        about:
          "O sarau abre o palco para músicos, poetas e dançarinos do bairro {neighborhood}. Os voluntários ajudam na montagem do som e do palco, na recepção dos artistas e na organização da programação.",
      },
      {
        name: "Apresentação da Orquestra Comunitária",
        format: "HIBRIDO",
        resume: "Concerto gratuito dos alunos da nossa orquestra de cordas.",
        about:
          "Os alunos da orquestra comunitária apresentam o repertório do semestre em um concerto gratuito {inCity}, com transmissão ao vivo pela internet. Precisamos de voluntários para a recepção do público, a distribuição dos programas e o transporte dos instrumentos.",
      },
      {
        name: "Oficina de Grafite e Muralismo",
        resume: "Jovens pintam um mural coletivo sobre a história do bairro.",
        about:
          "Com a orientação de artistas convidados, os jovens do projeto vão pintar um mural que conta a história do bairro. Voluntários ajudam a preparar a parede, organizar as tintas e documentar o processo.",
      },
      {
        name: "Mostra de Cinema Nacional",
        format: "HIBRIDO",
        resume: "Sessões gratuitas de filmes brasileiros seguidas de debate.",
        about:
          "Durante uma semana, o cineclube exibe filmes brasileiros seguidos de conversas com realizadores. Os voluntários cuidam da projeção, da recepção do público e da pipoca, que é sempre gratuita.",
      },
    ],
  },
];

export function causeOf(key: CauseKey): Cause {
  const cause = CAUSES.find((candidate) => candidate.key === key);
  if (!cause) throw new Error(`Unknown cause ${key}`);
  return cause;
}

/** Fills named placeholders ({inCity}, {neighborhood}...); unknown ones stay as they are. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
