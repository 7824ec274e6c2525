import { useState } from "react";
import { type ActionFunctionArgs, Form, useActionData, useLoaderData } from "react-router";
import { Demo, FOCUSED_LOOK, GallerySection } from "~/components/dev/gallery-section";
import { PaletteSwatches } from "~/components/dev/palette-swatches";
import { ErrorState } from "~/components/layout/error-state";
import { LogoMark } from "~/components/layout/logo-mark";
import { SiteHeader } from "~/components/layout/site-header";
import { ActionCard } from "~/components/ui/action-card";
import { AddressBlock } from "~/components/ui/address-block";
import { BackButton } from "~/components/ui/back-button";
import { CnpjField } from "~/components/ui/cnpj-field";
import { DateField } from "~/components/ui/date-field";
import { DEFAULT_EVENT_IMAGE_URL } from "~/components/ui/default-images";
import { ErrorMessage } from "~/components/ui/error-message";
import {
  BuildingIcon,
  KeyIcon,
  LogOutIcon,
  MailIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  UserIcon,
} from "~/components/ui/icons";
import { ImageUpload } from "~/components/ui/image-upload";
import { PasswordInput } from "~/components/ui/password-input";
import { PhoneField } from "~/components/ui/phone-field";
import { PrimaryButton } from "~/components/ui/primary-button";
import { ProfileCard } from "~/components/ui/profile-card";
import { RadioGroup } from "~/components/ui/radio-group";
import { RefreshButton } from "~/components/ui/refresh-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { CardSkeleton, Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { StateCityFields } from "~/components/ui/state-city-fields";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";
import { useToast } from "~/components/ui/toast";
import { TwoButtonRow } from "~/components/ui/two-button-row";
import { MAX_LENGTH, VOLUNTEERING_TYPES } from "~/config/constants";
import { listCityNames, listUfs } from "~/geo/localities.server";

/**
 * Development only: app/routes.ts registers this route outside production builds, so none of it
 * ships. Its types come from React Router directly, since a production typegen has no route here.
 */
export function loader() {
  return { ufs: listUfs(), citiesOfSp: listCityNames("SP") ?? [] };
}

/** Echoes what the demo form posted, to check the fields post without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const posted: Array<[string, string]> = [];
  for (const [key, value] of await request.formData()) {
    posted.push([
      key,
      typeof value === "string"
        ? value
        : `${value.name || "(nenhum)"} (${value.type}, ${value.size} bytes)`,
    ]);
  }
  return { posted };
}

export function meta() {
  return [{ title: "Componentes | Conecta Voluntário" }, { name: "robots", content: "noindex" }];
}

const INDEX = [
  ["identidade", "Identidade"],
  ["cabecalho", "Cabeçalho"],
  ["titulos", "Títulos"],
  ["botoes", "Botões"],
  ["cartoes", "Cartões"],
  ["campos", "Campos de texto"],
  ["escolhas", "Escolhas"],
  ["mascaras", "Campos com máscara"],
  ["localidade", "Estado, cidade e endereço"],
  ["imagens", "Envio de imagem"],
  ["avisos", "Avisos e carregamento"],
  ["erro", "Página de erro"],
  ["formulario", "Formulário de teste"],
] as const;

export default function ComponentGallery() {
  const { ufs, citiesOfSp } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 sm:py-12">
      <SectionHeading
        as="h1"
        label="Desenvolvimento"
        title="Componentes"
        description="Todas as peças reutilizáveis em cada estado. Esta página não existe em produção."
      />
      <nav aria-label="Seções da galeria" className="rounded-2xl border border-line bg-white p-4">
        <ul className="flex flex-wrap gap-2">
          {INDEX.map(([id, title]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex min-h-9 items-center rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
              >
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <GallerySection
        id="identidade"
        title="Identidade"
        description="Cores com contraste AA, logotipo e tipografia."
      >
        <div className="flex items-center gap-4">
          <LogoMark className="size-14" />
          <div>
            <p className="text-2xl font-extrabold tracking-tight text-brand-900">
              Conecta Voluntário
            </p>
            <p className="text-ink-muted">Conectando voluntários a instituições beneficentes.</p>
          </div>
        </div>
        <PaletteSwatches />
        <div className="flex flex-col gap-2">
          <p className="text-display font-extrabold text-ink">Título de destaque</p>
          <p className="text-3xl font-bold text-ink">Título de página</p>
          <p className="text-2xl font-bold text-ink">Título de seção</p>
          <p className="text-lg text-ink">Texto de apoio, maior.</p>
          <p className="text-base text-ink">
            Texto comum para leitura, com acentuação: ação, três, você.
          </p>
          <p className="text-sm text-ink-muted">Texto secundário, para dicas e legendas.</p>
        </div>
      </GallerySection>

      <GallerySection
        id="cabecalho"
        title="Cabeçalho"
        description="Visitante e pessoa logada (com e sem foto)."
      >
        {/* Samples only: static (the real header sticks to the top) and inert (a second
            "Conta" navigation and skip link would confuse keyboard and screen-reader users). */}
        <div inert className="flex flex-col gap-4 [&_header]:static">
          <div className="overflow-hidden rounded-2xl border border-line">
            <SiteHeader />
          </div>
          <div className="overflow-hidden rounded-2xl border border-line">
            <SiteHeader
              user={{
                name: "Maria Aparecida",
                email: "maria.santos@exemplo.com.br",
                photoUrl: null,
                homePath: "/app/voluntario",
              }}
            />
          </div>
          <div className="overflow-hidden rounded-2xl border border-line">
            <SiteHeader
              user={{
                name: "Instituição Mãos Dadas",
                email: "contato@maosdadas.org.br",
                photoUrl: DEFAULT_EVENT_IMAGE_URL,
                homePath: "/app/instituicao",
              }}
            />
          </div>
        </div>
      </GallerySection>

      <GallerySection id="titulos" title="Títulos de seção">
        <Demo caption="Com rótulo e descrição">
          <SectionHeading
            as="h3"
            label="Cadastro"
            title="Escolha o tipo de cadastro"
            description="Você quer ajudar como voluntário ou divulgar vagas como instituição?"
          />
        </Demo>
        <Demo caption="Centralizado, só o título">
          <SectionHeading as="h3" align="center" title="Instituições beneficentes" />
        </Demo>
      </GallerySection>

      <ButtonsSection />
      <CardsSection />
      <TextFieldsSection />

      <GallerySection id="escolhas" title="Escolhas">
        <div className="grid gap-8 lg:grid-cols-2">
          <Demo caption="Grupo de opções">
            <RadioGroup
              name="volunteeringType"
              legend="Tipo de voluntariado"
              options={Object.keys(VOLUNTEERING_TYPES)}
              defaultValue="Presencial"
            />
          </Demo>
          <Demo caption="Com erro">
            <RadioGroup
              name="permitDivulgation"
              legend="Permite divulgar nas redes sociais?"
              options={["Sim", "Não"]}
              error="Escolha uma opção."
            />
          </Demo>
          <Demo caption="Cartões com descrição">
            <RadioGroup
              name="profileType"
              legend="Tipo de cadastro"
              layout="cards"
              defaultValue="VOLUNTEER"
              options={[
                { value: "VOLUNTEER", label: "Voluntário", description: "Quero encontrar vagas" },
                { value: "INSTITUTION", label: "Instituição", description: "Quero divulgar vagas" },
              ]}
            />
          </Demo>
          <Demo caption="Desabilitado">
            <RadioGroup
              name="volunteeringTypeDisabled"
              legend="Tipo de voluntariado"
              options={Object.keys(VOLUNTEERING_TYPES)}
              defaultValue="Online"
              disabled
            />
          </Demo>
        </div>
      </GallerySection>

      <GallerySection
        id="mascaras"
        title="Campos com máscara"
        description="Digite para ver as máscaras em ação."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <Demo caption="Telefone vazio">
            <PhoneField name="phoneEmpty" />
          </Demo>
          <Demo caption="Telefone preenchido">
            <PhoneField name="phoneFilled" defaultValue="11987654321" />
          </Demo>
          <Demo caption="CNPJ numérico">
            <CnpjField name="cnpjNumeric" defaultValue="11222333000181" />
          </Demo>
          <Demo caption="CNPJ alfanumérico, com erro">
            <CnpjField name="cnpjAlpha" defaultValue="12abc34501de35" error="CNPJ inválido." />
          </Demo>
          <Demo caption="Data vazia">
            <DateField name="dateEmpty" label="Data do evento" />
          </Demo>
          <Demo caption="Data preenchida">
            <DateField name="dateFilled" label="Data do evento" defaultValue="2026-12-25" />
          </Demo>
          <Demo caption="Data com erro">
            <DateField name="dateError" label="Data do evento" error="Informe uma data válida." />
          </Demo>
          <Demo caption="Data desabilitada">
            <DateField
              name="dateDisabled"
              label="Data do evento"
              defaultValue="2025-04-26"
              disabled
            />
          </Demo>
        </div>
      </GallerySection>

      <GallerySection id="localidade" title="Estado, cidade e endereço">
        <div className="grid gap-8 lg:grid-cols-2">
          <Demo caption="Nada escolhido (cidade desabilitada)">
            <StateCityFields ufs={ufs} ufName="ufEmpty" cityName="cityEmpty" />
          </Demo>
          <Demo caption="Preenchido pelo servidor">
            <StateCityFields
              ufs={ufs}
              cities={citiesOfSp}
              defaultUf="SP"
              defaultCity="São Paulo"
              ufName="ufFilled"
              cityName="cityFilled"
            />
          </Demo>
          <Demo caption="Com erro">
            <StateCityFields
              ufs={ufs}
              ufName="ufError"
              cityName="cityError"
              error="Selecione seu estado e cidade."
            />
          </Demo>
          <Demo caption="Buscando estados no navegador">
            <StateCityFields ufName="ufFetched" cityName="cityFetched" />
          </Demo>
        </div>
        <Demo caption="Bloco de endereço preenchido">
          <AddressBlock
            ufs={ufs}
            cities={citiesOfSp}
            defaultValues={{
              uf: "SP",
              city: "Campinas",
              street: "Avenida Brasil",
              number: "123",
              neighborhood: "Centro",
              complete: "Sala 01",
            }}
          />
        </Demo>
        <Demo caption="Bloco de endereço com erros">
          <AddressBlock
            ufs={ufs}
            errors={{
              location: "Selecione seu estado e cidade.",
              street: "O logradouro é obrigatório.",
              number: "O número é obrigatório.",
              neighborhood: "O bairro é obrigatório.",
            }}
          />
        </Demo>
      </GallerySection>

      <GallerySection
        id="imagens"
        title="Envio de imagem"
        description="Escolha um arquivo: PNG e JPEG mostram a prévia; outros tipos mostram o erro."
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <Demo caption="Perfil, sem foto">
            <ImageUpload name="photoEmpty" />
          </Demo>
          <Demo caption="Perfil, com foto">
            <ImageUpload
              name="photoFilled"
              defaultImageUrl={DEFAULT_EVENT_IMAGE_URL}
              removeName="photoFilledRemoved"
            />
          </Demo>
          <Demo caption="Perfil, com erro">
            <ImageUpload name="photoError" error="Adicione uma foto de perfil." />
          </Demo>
          <Demo caption="Perfil, desabilitado">
            <ImageUpload name="photoDisabled" disabled />
          </Demo>
          <Demo caption="Capa, sem foto">
            <ImageUpload name="coverEmpty" variant="landing" />
          </Demo>
          <Demo caption="Capa, com foto">
            <ImageUpload
              name="coverFilled"
              variant="landing"
              defaultImageUrl={DEFAULT_EVENT_IMAGE_URL}
            />
          </Demo>
        </div>
      </GallerySection>

      <NoticesSection />

      <GallerySection id="erro" title="Página de erro">
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="overflow-hidden rounded-2xl border border-line bg-surface">
            <ErrorState
              code="404"
              title="Página não encontrada"
              message="O endereço que você abriu não existe ou foi removido."
            />
          </div>
          <div className="overflow-hidden rounded-2xl border border-line bg-surface">
            <ErrorState
              code="Erro"
              variant="error"
              title="Algo deu errado"
              message="Não foi possível carregar esta página agora. Tente novamente em alguns instantes."
            />
          </div>
        </div>
      </GallerySection>

      <GallerySection
        id="formulario"
        title="Formulário de teste"
        description="Um <Form method=&quot;post&quot;> de verdade: envie (com ou sem JavaScript) para ver o que chega ao servidor."
      >
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5">
          <TextInput
            name="name"
            label="Nome"
            icon={<UserIcon />}
            maxLength={MAX_LENGTH.name}
            defaultValue="Maria"
          />
          <PhoneField name="phone" defaultValue="21912345678" />
          <CnpjField name="cnpj" />
          <DateField name="eventDate" label="Data do evento" />
          <AddressBlock ufs={ufs} />
          <ImageUpload name="photo" />
          <PrimaryButton className="self-start">Enviar formulário de teste</PrimaryButton>
        </Form>
        {actionData ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-surface p-4 text-sm">
            {actionData.posted.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-semibold text-ink">{key}</dt>
                <dd className="break-all text-ink-muted">{value || "(vazio)"}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </GallerySection>
    </div>
  );
}

function ButtonsSection() {
  const [loading, setLoading] = useState(false);
  const startLoading = () => {
    setLoading(true);
    setTimeout(() => setLoading(false), 2000);
  };
  return (
    <GallerySection id="botoes" title="Botões">
      {(["primary", "secondary", "danger"] as const).map((variant) => (
        <Demo
          key={variant}
          caption={`Variante ${variant}: normal, em foco, desabilitado, carregando`}
        >
          <div className="flex flex-wrap items-center gap-3">
            <PrimaryButton type="button" variant={variant}>
              Salvar
            </PrimaryButton>
            <PrimaryButton
              type="button"
              variant={variant}
              className="outline-3 outline-offset-2 outline-focus"
            >
              Em foco
            </PrimaryButton>
            <PrimaryButton type="button" variant={variant} disabled>
              Desabilitado
            </PrimaryButton>
            <PrimaryButton type="button" variant={variant} loading>
              Carregando
            </PrimaryButton>
          </div>
        </Demo>
      ))}
      <Demo caption="Clique para carregar por 2 segundos (a largura não muda)">
        <div className="flex flex-wrap items-center gap-3">
          <PrimaryButton
            type="button"
            loading={loading}
            onClick={startLoading}
            icon={<PlusIcon className="size-5" />}
          >
            Criar evento
          </PrimaryButton>
          <PrimaryButton type="button" size="sm" variant="secondary">
            Pequeno
          </PrimaryButton>
        </div>
      </Demo>
      <Demo caption="Voltar (link e histórico)">
        <div className="flex flex-wrap gap-6">
          <BackButton to="/" />
          <BackButton />
        </div>
      </Demo>
      <Demo caption="Atualizar: normal e carregando; clique no primeiro">
        <div className="flex flex-wrap gap-3">
          <RefreshButton loading={loading} onClick={startLoading} />
          <RefreshButton loading />
        </div>
      </Demo>
      <Demo caption="Dois botões lado a lado (empilhados no celular estreito)">
        <TwoButtonRow className="max-w-xl">
          <PrimaryButton type="button" variant="secondary" fullWidth>
            Reprovar
          </PrimaryButton>
          <PrimaryButton type="button" fullWidth>
            Aprovar
          </PrimaryButton>
        </TwoButtonRow>
      </Demo>
    </GallerySection>
  );
}

function CardsSection() {
  return (
    <GallerySection id="cartoes" title="Cartões">
      <div className="grid gap-6 lg:grid-cols-2">
        <Demo caption="Perfil sem foto (avatar padrão)">
          <ProfileCard name="Maria Aparecida dos Santos" subtitle="maria.santos@exemplo.com.br" />
        </Demo>
        <Demo caption="Perfil com foto e selo">
          <ProfileCard
            name="Instituição Mãos Dadas"
            subtitle="contato@maosdadas.org.br"
            photoUrl={DEFAULT_EVENT_IMAGE_URL}
          >
            <span className="inline-flex rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700 ring-1 ring-success-100">
              Aprovada
            </span>
          </ProfileCard>
        </Demo>
      </div>
      <Demo caption="Cartões de ação (menu da área logada)">
        <div className="grid gap-3 sm:grid-cols-2">
          <ActionCard
            to="#cartoes"
            icon={<PencilIcon />}
            title="Editar perfil"
            description="Nome, cidade, foto e resumo"
          />
          <ActionCard
            to="#cartoes"
            icon={<KeyIcon />}
            title="Alterar senha"
            description="Troque a senha de acesso"
          />
          <ActionCard
            to="#cartoes"
            icon={<PlusIcon />}
            title="Criar evento"
            description="Divulgue um evento beneficente"
          />
          <ActionCard
            icon={<LogOutIcon />}
            title="Sair"
            description="Encerrar a sessão neste aparelho"
            tone="danger"
          />
        </div>
      </Demo>
    </GallerySection>
  );
}

function TextFieldsSection() {
  return (
    <GallerySection id="campos" title="Campos de texto">
      <div className="grid gap-6 lg:grid-cols-2">
        <Demo caption="Normal, com ícone">
          <TextInput
            name="email"
            type="email"
            label="E-mail"
            icon={<MailIcon />}
            placeholder="seu@email.com"
            maxLength={MAX_LENGTH.email}
          />
        </Demo>
        <Demo caption="Em foco">
          <div className={FOCUSED_LOOK}>
            <TextInput
              name="search"
              label="Buscar"
              icon={<SearchIcon />}
              placeholder="Buscar por nome ou e-mail"
              maxLength={MAX_LENGTH.search}
            />
          </div>
        </Demo>
        <Demo caption="Com dica">
          <TextInput
            name="institutionName"
            label="Nome da instituição"
            icon={<BuildingIcon />}
            hint="Como aparece para os voluntários."
            maxLength={MAX_LENGTH.institutionName}
          />
        </Demo>
        <Demo caption="Com erro">
          <TextInput
            name="nameError"
            label="Nome"
            icon={<UserIcon />}
            defaultValue="Jo"
            error="O nome deve ter pelo menos 3 letras."
            maxLength={MAX_LENGTH.name}
          />
        </Demo>
        <Demo caption="Desabilitado">
          <TextInput
            name="emailDisabled"
            label="E-mail"
            icon={<MailIcon />}
            defaultValue="maria@exemplo.com"
            disabled
          />
        </Demo>
        <Demo caption="Sem ícone">
          <TextInput
            name="responsible"
            label="Responsável"
            placeholder="Nome completo"
            maxLength={MAX_LENGTH.responsible}
          />
        </Demo>
        <Demo caption="Senha com dica (botão para mostrar)">
          <PasswordInput
            name="password"
            label="Senha"
            autoComplete="new-password"
            defaultValue="segredo123"
            hint="Mínimo de 8 caracteres, com letras e números"
          />
        </Demo>
        <Demo caption="Senha com erro">
          <PasswordInput
            name="confirmPassword"
            label="Confirmar senha"
            autoComplete="new-password"
            error="As senhas não são iguais."
          />
        </Demo>
        <Demo caption="Texto longo com contador">
          <TextArea
            name="summary"
            label="Resumo"
            maxLength={MAX_LENGTH.volunteerSummary}
            defaultValue="Sou estudante e gosto de ajudar."
          />
        </Demo>
        <Demo caption="Texto longo com erro e limite curto">
          <TextArea
            name="resume"
            label="Resumo curto"
            rows={3}
            maxLength={MAX_LENGTH.institutionSummary}
            error="O resumo deve ter pelo menos 10 letras."
            defaultValue="Ajuda"
          />
        </Demo>
      </div>
    </GallerySection>
  );
}

function NoticesSection() {
  const toast = useToast();
  return (
    <GallerySection id="avisos" title="Avisos e carregamento">
      <Demo caption="Notificações (fecham sozinhas em 5 s)">
        <div className="flex flex-wrap gap-3">
          <PrimaryButton
            type="button"
            variant="secondary"
            onClick={() => toast.success("Perfil alterado com sucesso.")}
          >
            Sucesso
          </PrimaryButton>
          <PrimaryButton
            type="button"
            variant="secondary"
            onClick={() => toast.error("Erro inesperado ao buscar instituições.")}
          >
            Erro
          </PrimaryButton>
          <PrimaryButton
            type="button"
            variant="secondary"
            onClick={() => toast.show("E-mail de recuperação enviado!")}
          >
            Informação
          </PrimaryButton>
        </div>
      </Demo>
      <Demo caption="Mensagem de erro">
        <ErrorMessage message="Credenciais inválidas. Verifique seu e-mail e senha." />
      </Demo>
      <Demo caption="Indicadores de carregamento">
        <div className="flex items-center gap-6 text-brand-700">
          <Spinner />
          <Spinner className="size-8" />
          <Spinner label="Carregando instituições" />
          <Skeleton className="h-4 w-40" />
        </div>
      </Demo>
      <Demo caption="Cartões carregando">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </div>
      </Demo>
    </GallerySection>
  );
}
