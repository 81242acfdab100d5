import {
  DEFAULT_SALE_END_TIME,
  ENDED_LISTING_PURGE_DAYS,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  SINGLE_ITEM_LIFETIME_DAYS,
  SUPPORT_RESPONSE_TIME,
  SYSTEM_ACCOUNT,
} from '@yardsale/validators';

import {
  Bullets,
  LegalDocument,
  ProseSection,
  Strong,
  SupportLink,
  formatClock,
  linkClass,
  sectionsOf,
} from './prose';

const maxPhotoMb = MAX_PHOTO_BYTES / (1024 * 1024);
const reportReasons = REPORT_CATEGORIES.map((c) => REPORT_CATEGORY_LABELS[c].toLowerCase()).join(
  ', ',
);

const sections = [
  { id: 'about-these-terms', title: 'About these terms' },
  { id: 'eligibility', title: 'Who can use YardSale' },
  { id: 'accounts', title: 'Your account' },
  { id: 'listings', title: 'Listings' },
  { id: 'prohibited-items', title: 'Items you can’t list' },
  { id: 'fees', title: 'Fees' },
  { id: 'conduct', title: 'How we treat each other' },
  { id: 'reports-moderation', title: 'Reports and moderation' },
  { id: 'your-content', title: 'Your content and photos' },
  { id: 'disclaimers', title: 'Our role and disclaimers' },
  { id: 'termination', title: 'Closing accounts' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'contact', title: 'Contact us' },
] as const;

const section = sectionsOf(sections, { numbered: true });

function TermsContent() {
  return (
    <LegalDocument
      sections={sections}
      intro={
        <>
          We've written these terms to be read, not skimmed past. They explain what you can expect
          from YardSale and what we expect from you. Creating an account means you agree to them, so
          please take a few minutes to read them through.
        </>
      }
    >
      <ProseSection {...section('about-these-terms')}>
        <p>
          YardSale is a free neighbourhood marketplace where people post garage sales and single
          items, browse what's nearby, message each other and leave reviews. In these terms,
          “YardSale”, “we” and “us” mean the people who run the service; “you” means you, the person
          using it; and “members” means everyone with an account.
        </p>
        <p>
          These terms work together with our{' '}
          <a href="/privacy" className={linkClass}>
            Privacy Policy
          </a>{' '}
          and the Community Guidelines in our{' '}
          <a href="/help#community-guidelines" className={linkClass}>
            Help Center
          </a>
          .
        </p>
      </ProseSection>

      <ProseSection {...section('eligibility')}>
        <p>
          You must be <Strong>at least 18 years old</Strong> to create an account or use YardSale.
          By signing up you confirm that you are. If we learn that an account belongs to someone
          under 18, we'll close it.
        </p>
      </ProseSection>

      <ProseSection {...section('accounts')}>
        <Bullets>
          <li>
            Use your real first and last name and an e-mail address you can read. Each e-mail
            address can have one account.
          </li>
          <li>
            Keep your password to yourself. You're responsible for what happens on your account, so
            if you think someone else has got into it, change your password (this signs out every
            other device) and let us know.
          </li>
          <li>One person per account: don't share it, sell it or sign in as someone else.</li>
          <li>Keep your details up to date from your profile and settings pages.</li>
        </Bullets>
      </ProseSection>

      <ProseSection {...section('listings')}>
        <p>When you post a listing, you promise that:</p>
        <Bullets>
          <li>the item is real, yours to sell, and available where and when you say;</li>
          <li>
            your title, description, photos, category and price range are honest and describe what
            is actually for sale;
          </li>
          <li>
            the address is where the sale or pickup really takes place. It will be shown to
            signed-in members, so only use an address you're happy to share;
          </li>
          <li>you have the right to post the photos you add.</li>
        </Bullets>
        <p>
          A listing can have up to {MAX_PHOTOS_PER_LISTING} photos of up to {maxPhotoMb} MB each.
          Post each item or sale once: copies of the same listing may be removed, keeping the
          original.
        </p>
        <p>
          <Strong>Listings end on their own.</Strong> A garage sale ends at its end time on its last
          day ({formatClock(DEFAULT_SALE_END_TIME)} if you didn't set one), in your local time. A
          single item ends {SINGLE_ITEM_LIFETIME_DAYS} days after you post it. An ended listing is
          no longer shown to other members, and {ENDED_LISTING_PURGE_DAYS} days after it ends we
          delete it permanently, with its photos, saves and conversations. You can edit or delete
          your listings yourself at any time; please delete them once they've sold.
        </p>
      </ProseSection>

      <ProseSection {...section('prohibited-items')}>
        <p>Please don't list, offer or ask for:</p>
        <Bullets>
          <li>firearms, ammunition, explosives, weapons or weapon parts;</li>
          <li>
            illegal drugs, drug paraphernalia, prescription medicines, alcohol or tobacco and vaping
            products;
          </li>
          <li>
            stolen goods, counterfeits or replicas, or anything you don't have the right to sell;
          </li>
          <li>
            recalled products, unsafe baby gear such as expired car seats, or hazardous materials
            like fuel, chemicals or asbestos;
          </li>
          <li>live animals;</li>
          <li>adult or sexual content, or anything hateful or violent;</li>
          <li>
            personal information, accounts, tickets sold above face value, gift cards, or financial
            products;
          </li>
          <li>services, jobs, rentals or advertising — YardSale is for things;</li>
          <li>anything else that is illegal to sell where you live.</li>
        </Bullets>
        <p>Listings that break these rules will be removed.</p>
      </ProseSection>

      <ProseSection {...section('fees')}>
        <p>
          <Strong>YardSale is free.</Strong> There are no listing fees, no commission and no
          subscription, and you keep 100% of what you sell for. We don't process payments: buyers
          and sellers agree on a price and pay each other directly. If we ever want to introduce a
          paid feature, we'll tell you well in advance and it will never be charged without your
          agreement.
        </p>
      </ProseSection>

      <ProseSection {...section('conduct')}>
        <p>To keep YardSale friendly and useful, you agree not to:</p>
        <Bullets>
          <li>harass, threaten, insult or discriminate against anyone;</li>
          <li>scam, mislead or pressure other members, or post fake listings;</li>
          <li>send spam, chain messages or advertising;</li>
          <li>write reviews that aren't based on your own real experience, or trade reviews;</li>
          <li>
            collect other members' details, or use them for anything other than the exchange you
            were talking about;
          </li>
          <li>
            copy YardSale's content in bulk, interfere with the service, or try to get around its
            limits or security.
          </li>
        </Bullets>
        <p>
          To protect everyone from spam and abuse, we limit how often anyone can sign in, sign up,
          send messages, post listings, leave reviews and file reports. If you hit a limit, you'll
          be told how long to wait.
        </p>
      </ProseSection>

      <ProseSection {...section('reports-moderation')}>
        <p>
          If someone breaks these terms, use <Strong>Report</Strong> on their listing. You'll choose
          a reason ({reportReasons}) and describe what happened. Please report honestly; false or
          malicious reports are themselves a breach of these terms.
        </p>
        <p>
          Our team reviews each report and marks it reviewed, resolved or dismissed. Depending on
          what we find, we may remove listings, remove content, or suspend or close an account. We
          don't watch every listing or conversation as it happens, so reports really help.
        </p>
        <p>
          From time to time we send announcements to all members from {SYSTEM_ACCOUNT.displayName}.
          They arrive in Messages and can't be replied to.
        </p>
      </ProseSection>

      <ProseSection {...section('your-content')}>
        <p>
          The photos, descriptions, messages and reviews you post are <Strong>still yours</Strong>.
          So that we can run the service, you give us a non-exclusive, royalty-free permission to
          store, copy, and display them on YardSale, and to adapt photos technically — for example,
          rotating them, removing hidden metadata and making smaller copies for listing cards. This
          permission lasts only as long as the content is on YardSale, and we never sell your
          content or use it in advertising.
        </p>
        <p>
          Only post content you have the right to share. Please don't post photos of other people
          without their permission.
        </p>
      </ProseSection>

      <ProseSection {...section('disclaimers')}>
        <p>
          <Strong>YardSale is a meeting place, not a shop.</Strong> We don't own, inspect or deliver
          items, we don't check anyone's identity, and we're not a party to any sale. Buyers and
          sellers are responsible for their own listings, exchanges and meet-ups — please follow the
          safety tips in our Help Center.
        </p>
        <p>
          We work hard to keep YardSale running smoothly, but it's provided “as is”. We can't
          promise it will always be available or free of errors, and we may change or retire
          features.
        </p>
        <p>
          As far as the law allows, we're not responsible for losses that come from dealings between
          members, from items bought or sold, or from meeting other members, and we're not liable
          for indirect losses. Nothing in these terms takes away rights you have under consumer law
          that can't be limited.
        </p>
      </ProseSection>

      <ProseSection {...section('termination')}>
        <p>
          You can stop using YardSale at any time. Deleting your account isn't available from
          Settings yet; until it is, e-mail <SupportLink /> from the address on your account and
          we'll delete it for you, together with your listings.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, or
          that puts other members at risk. Where it's appropriate, we'll tell you why.
        </p>
      </ProseSection>

      <ProseSection {...section('changes')}>
        <p>
          We may update these terms as YardSale grows. When we do, we'll change the date at the top,
          and for significant changes we'll let you know with an announcement in Messages before
          they take effect. If you keep using YardSale afterwards, the new terms apply.
        </p>
      </ProseSection>

      <ProseSection {...section('contact')}>
        <p>
          Questions about these terms? E-mail <SupportLink />. We reply within{' '}
          {SUPPORT_RESPONSE_TIME}.
        </p>
      </ProseSection>
    </LegalDocument>
  );
}

export default TermsContent;
