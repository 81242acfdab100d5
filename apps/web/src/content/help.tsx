import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { CircleHelp, Handshake, Lightbulb, Mail, Rocket, ShieldCheck } from 'lucide-react';
import {
  CATEGORIES,
  DEFAULT_SALE_END_TIME,
  ENDED_LISTING_PURGE_DAYS,
  LISTING_TYPE_LABELS,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  MESSAGE_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRICE_RANGES,
  REPORT_CATEGORY_LABELS,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_DESCRIPTION_MIN_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  SESSION_REMEMBER_ABSOLUTE_DAYS,
  SESSION_REMEMBER_DAYS,
  SESSION_SHORT_HOURS,
  SINGLE_ITEM_LIFETIME_DAYS,
  SUPPORT_RESPONSE_TIME,
  SYSTEM_ACCOUNT,
} from '@yardsale/validators';

import { Bullets, Card, ProseSection, SupportLink, formatClock, sectionsOf } from './prose';

const maxPhotoMb = MAX_PHOTO_BYTES / (1024 * 1024);
const reportCategoryList = REPORT_CATEGORIES.map((c) => REPORT_CATEGORY_LABELS[c]).join(', ');

const sections = [
  { id: 'getting-started', title: 'Getting Started', icon: Rocket },
  { id: 'safety', title: 'Safety & Best Practices', icon: ShieldCheck },
  { id: 'faq', title: 'Frequently Asked Questions', icon: CircleHelp },
  { id: 'success-tips', title: 'Success Tips', icon: Lightbulb },
  { id: 'contact-support', title: 'Contact Support', icon: Mail },
  { id: 'community-guidelines', title: 'Community Guidelines', icon: Handshake },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

const section = sectionsOf(sections);

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-border bg-card text-card-foreground shadow-sm">
      <summary className="cursor-pointer list-none rounded-xl px-5 py-4 font-medium text-foreground outline-none select-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <span className="flex items-center justify-between gap-4">
          <span>{question}</span>
          <span
            aria-hidden="true"
            className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45"
          >
            +
          </span>
        </span>
      </summary>
      <div className="space-y-2 px-5 pb-5 leading-7 text-muted-foreground">{children}</div>
    </details>
  );
}

function HelpContent() {
  return (
    <div className="mx-auto max-w-3xl space-y-12 text-foreground">
      <p className="text-lg leading-8 text-muted-foreground">
        Welcome! Whether you're clearing out the garage or hunting for a bargain down the street,
        this page has everything you need to get going on YardSale — and to have a safe, friendly
        experience with your neighbours.
      </p>

      <nav aria-label="On this page" className="rounded-xl border border-border bg-muted/40 p-5">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          On this page
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {sections.map(({ id, title, icon: Icon }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex items-center gap-2 font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
              >
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ProseSection {...section('getting-started')}>
        <p className="leading-7 text-muted-foreground">
          YardSale is free, and getting started takes a couple of minutes.
        </p>
        <ol className="space-y-4">
          {[
            {
              title: 'Create your account',
              body: (
                <>
                  Sign up with your first and last name, your e-mail address and a password of at
                  least {PASSWORD_MIN_LENGTH} characters. A phone number is optional. You'll be
                  asked to agree to our Terms of Service and Privacy Policy — YardSale is for adults
                  aged 18 and over.
                </>
              ),
            },
            {
              title: 'Set up your profile',
              body: (
                <>
                  Add a friendly profile picture from your profile page. Neighbours are more
                  comfortable buying from (and selling to) someone they can put a face to, and your
                  ratings and reviews build up there over time.
                </>
              ),
            },
            {
              title: 'Browse what’s nearby',
              body: (
                <>
                  Home shows everything currently for sale, split into{' '}
                  {LISTING_TYPE_LABELS['single-item']}s and {LISTING_TYPE_LABELS['garage-sale']}s.
                  Search by keyword (partial words and small typos are fine), filter by category,
                  and tap Save on anything you like so you can find it again from your profile. Live
                  Sales Now shows the garage sales happening today and this weekend.
                </>
              ),
            },
            {
              title: 'Post your first listing',
              body: (
                <>
                  Tap Post Listing, choose {LISTING_TYPE_LABELS['garage-sale']} or{' '}
                  {LISTING_TYPE_LABELS['single-item']}, add a title, up to {MAX_PHOTOS_PER_LISTING}{' '}
                  photos, a category, a price range and the address. Garage sales also need a date,
                  start time and end time. Your listing goes live as soon as you publish it.
                </>
              ),
            },
            {
              title: 'Chat and meet up',
              body: (
                <>
                  Use the Message button on a listing to talk to the seller. Conversations live in
                  Messages, and new messages arrive as they're sent. Agree on a time, meet up, and
                  afterwards leave the seller a review.
                </>
              ),
            },
          ].map((step, i) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold text-foreground">{step.title}</h3>
                <p className="mt-1 leading-7 text-muted-foreground">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </ProseSection>

      <ProseSection {...section('safety')}>
        <p className="leading-7 text-muted-foreground">
          Almost every YardSale exchange is a pleasant chat over a box of old records. A few habits
          keep it that way. Please note that YardSale doesn't check IDs or inspect items, so your
          own judgement matters.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Meeting up">
            <Bullets>
              <li>
                Meet in daylight, in a public place when you can — a café, a library or a well-lit
                car park.
              </li>
              <li>
                Bring a friend for larger or more valuable items, and tell someone where you’re
                going.
              </li>
              <li>
                Check the item before you pay. Test electronics, open drawers, look for damage.
              </li>
              <li>Trust your instincts. If something feels off, it’s fine to walk away.</li>
            </Bullets>
          </Card>
          <Card title="Paying and getting paid">
            <Bullets>
              <li>
                YardSale doesn’t handle payments. Cash on pickup is simplest; count it together.
              </li>
              <li>
                Never send a deposit, gift cards or a wire transfer to someone you haven’t met.
              </li>
              <li>
                Be wary of overpayment offers, “my courier will collect it”, or requests to pay
                through an unfamiliar link.
              </li>
              <li>Never share bank details, passwords or verification codes.</li>
            </Bullets>
          </Card>
          <Card title="Hosting a garage sale">
            <Bullets>
              <li>
                Keep the sale outside or in the garage; don’t invite strangers into your home.
              </li>
              <li>Lock doors you aren’t using and keep valuables, keys and phones out of sight.</li>
              <li>Have small change ready and keep the cash box with you.</li>
              <li>Ask a friend or family member to help on busy days.</li>
            </Bullets>
          </Card>
          <Card title="Protecting your privacy">
            <Bullets>
              <li>
                Keep chats in YardSale Messages until you’re comfortable sharing a phone number.
              </li>
              <li>
                Contact phone and e-mail on a listing are optional — only add them if you want to.
              </li>
              <li>
                We remove hidden photo data (including GPS location) from listing photos, but we
                can’t remove what’s in the picture: keep house numbers, licence plates, faces and
                mail out of shot.
              </li>
              <li>If someone makes you uncomfortable, use Report on their listing.</li>
            </Bullets>
          </Card>
        </div>
      </ProseSection>

      <ProseSection {...section('faq')}>
        <div className="space-y-3">
          <Question question="Is YardSale really free?">
            <p>
              Yes. There are no listing fees, no commission and no subscription. You keep 100% of
              what you sell for. Buyers and sellers settle payment directly with each other.
            </p>
          </Question>
          <Question question="Who can use YardSale?">
            <p>
              Anyone aged 18 or over who agrees to our Terms of Service and Community Guidelines.
              Browsing listings, messaging, saving and posting all require a free account.
            </p>
          </Question>
          <Question question="Why do I have to sign in to see listings?">
            <p>
              Listings include a real address. Showing them only to signed-in members means every
              address is seen by someone with an account who has agreed to our guidelines — not by
              anyone passing by on the internet.
            </p>
          </Question>
          <Question question="How many photos can I add, and how big can they be?">
            <p>
              Up to {MAX_PHOTOS_PER_LISTING} photos per listing in total, each up to {maxPhotoMb}{' '}
              MB. Any common image format works. The first photo is the cover (marked Primary).
              Large photos are shrunk before upload to save your data, and we strip hidden
              information such as camera details and GPS location from every photo.
            </p>
          </Question>
          <Question question="When does my listing end?">
            <p>
              A {LISTING_TYPE_LABELS['garage-sale'].toLowerCase()} ends at its end time on the last
              day of the sale — {formatClock(DEFAULT_SALE_END_TIME)} if no end time was given — in
              your local time. A {LISTING_TYPE_LABELS['single-item'].toLowerCase()} ends{' '}
              {SINGLE_ITEM_LIFETIME_DAYS} days after you post it.
            </p>
            <p>
              Once a listing ends it disappears from browsing and search straight away. You'll still
              see it in My Listings marked “Expired” for {ENDED_LISTING_PURGE_DAYS} days; after that
              it's deleted automatically, along with its photos and conversations.
            </p>
          </Question>
          <Question question="Can I change or remove my listing?">
            <p>
              Yes. Open My Listings on your profile and choose Edit or Delete. Deleting a listing is
              permanent and also removes its photos and all conversations about it. If your item
              sells early, please delete the listing so neighbours don't message you about it.
            </p>
          </Question>
          <Question question="Which categories and prices can I choose?">
            <p>Categories: {CATEGORIES.join(', ')}.</p>
            <p>
              Price ranges: {PRICE_RANGES.join(', ')}. Pick the range that fits and mention an exact
              price in the description if you have one in mind. Hosting a sale with other
              households? Choose Multi-Family.
            </p>
          </Question>
          <Question question="How do I contact a seller?">
            <p>
              Open the listing and tap Message. That starts a conversation about that listing (or
              reopens the one you already have). Messages can be up to{' '}
              {MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters. Press Enter to send and
              Shift+Enter for a new line.
            </p>
          </Question>
          <Question question="Can I delete messages or conversations?">
            <p>
              You can delete any message you sent. Deleting a conversation hides it from your list
              only; the other person keeps their copy, and it comes back for you if they write
              again. Once both of you have deleted it, it's gone for good.
            </p>
          </Question>
          <Question question={`What are the messages from ${SYSTEM_ACCOUNT.displayName}?`}>
            <p>
              Those are announcements from us — news about the service or changes to our terms. They
              appear in a conversation called “{SYSTEM_ACCOUNT.conversationTitle}”. It's read-only,
              so replies aren't possible; e-mail us instead.
            </p>
          </Question>
          <Question question="How do reviews work?">
            <p>
              After dealing with a seller, open their listing and leave a rating from 1 to 5 stars,
              with an optional comment of up to {REVIEW_COMMENT_MAX_LENGTH} characters. You can
              leave one review per seller per listing, and you can't review yourself. Reviews show
              on the seller's profile with your first name and last initial.
            </p>
          </Question>
          <Question question="How do I report someone?">
            <p>
              Tap Report on their listing, pick a reason ({reportCategoryList}) and describe what
              happened in {REPORT_DESCRIPTION_MIN_LENGTH} to{' '}
              {REPORT_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters. Our team reviews
              every report. The person you report isn't told who reported them.
            </p>
          </Question>
          <Question question="How long do I stay signed in?">
            <p>
              If you tick “Remember me”, you stay signed in on that device for{' '}
              {SESSION_REMEMBER_DAYS} days, renewed automatically while you keep using YardSale, and
              then asked to sign in again {SESSION_REMEMBER_ABSOLUTE_DAYS} days after you signed in.
              If you don't, you're signed out when you close your browser, and after{' '}
              {SESSION_SHORT_HOURS} hours at the most. Changing your password signs you out
              everywhere else.
            </p>
          </Question>
          <Question question="I forgot my password. What now?">
            <p>
              Resetting a password by e-mail isn't available in the app yet. Write to{' '}
              <SupportLink /> from the e-mail address on your account and we'll help you get back
              in.
            </p>
          </Question>
          <Question question="It says I’m doing that too often. Why?">
            <p>
              To keep out spammers and scammers, we limit how quickly anyone can sign in, sign up,
              send messages, post listings, leave reviews and file reports. The message tells you
              how long to wait — after that, carry on as normal.
            </p>
          </Question>
          <Question question="Can I install YardSale on my phone?">
            <p>
              Yes. On most phones and computers your browser will offer to install it, or you'll see
              an Install App prompt. On iPhone and iPad, tap Share in Safari and then “Add to Home
              Screen”. It's the same YardSale, just one tap away.
            </p>
          </Question>
        </div>
      </ProseSection>

      <ProseSection {...section('success-tips')}>
        <p className="leading-7 text-muted-foreground">
          A few minutes of care turns a listing people scroll past into one they message about.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Photos that sell">
            <Bullets>
              <li>Shoot in daylight against a plain background.</li>
              <li>Make your best photo the first one — it’s the cover on every card.</li>
              <li>Show the whole item, then close-ups of details, labels and any wear.</li>
              <li>{`Use all ${MAX_PHOTOS_PER_LISTING} photos for bigger items and garage sale highlights.`}</li>
            </Bullets>
          </Card>
          <Card title="Titles and descriptions">
            <Bullets>
              <li>Lead with what it is: “Oak dining table, seats 6” beats “Table”.</li>
              <li>Include brand, size, measurements and condition.</li>
              <li>Be upfront about flaws — honest listings earn good reviews.</li>
              <li>Say how pickup works: times, stairs, whether help is needed to carry it.</li>
            </Bullets>
          </Card>
          <Card title="Garage sale day">
            <Bullets>
              <li>Post a few days ahead so the sale shows up under This Weekend.</li>
              <li>Set a realistic end time; the listing ends then automatically.</li>
              <li>List headline items in the description — furniture, tools, toys.</li>
              <li>Price things clearly on the day and expect some friendly haggling.</li>
            </Bullets>
          </Card>
          <Card title="Be a great neighbour">
            <Bullets>
              <li>Reply quickly, even if it’s to say the item has gone.</li>
              <li>Turn up when you said you would, or let the other person know.</li>
              <li>Delete listings once they’ve sold.</li>
              <li>Leave fair, specific reviews — they help everyone choose well.</li>
            </Bullets>
          </Card>
        </div>
      </ProseSection>

      <ProseSection {...section('contact-support')}>
        <div className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
          <p className="leading-7 text-muted-foreground">
            Stuck, spotted a bug, or need help with your account? E-mail us at <SupportLink />. We
            reply within {SUPPORT_RESPONSE_TIME}.
          </p>
          <p className="mt-3 leading-7 text-muted-foreground">
            To help us help you quickly, include:
          </p>
          <Bullets className="leading-7 text-muted-foreground">
            <li>the e-mail address on your YardSale account,</li>
            <li>a link to the listing or profile involved, if there is one,</li>
            <li>what you expected to happen and what happened instead (a screenshot helps).</li>
          </Bullets>
          <p className="mt-3 leading-7 text-muted-foreground">
            Reporting a person or listing? The Report button on the listing is the fastest route to
            our team. If you ever feel in danger, contact your local emergency services first.
          </p>
        </div>
      </ProseSection>

      <ProseSection {...section('community-guidelines')}>
        <p className="leading-7 text-muted-foreground">
          YardSale works because neighbours treat each other well. By using it, you agree to:
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Card title="Be honest">
            <p>
              List real items you own and can hand over, with accurate photos, descriptions and
              prices. Post each item or sale once — repeated copies are cleaned up.
            </p>
          </Card>
          <Card title="Be respectful">
            <p>
              No harassment, hate, threats or pressure. Disagree politely, and take “no” for an
              answer.
            </p>
          </Card>
          <Card title="Keep it legal and safe">
            <p>
              No weapons, drugs, prescription medicines, stolen or counterfeit goods, recalled or
              hazardous products, or anything else that's against the law to sell. Our Terms of
              Service list what isn't allowed.
            </p>
          </Card>
          <Card title="Respect privacy">
            <p>
              Don't share other people's personal details or photos without permission, and use what
              you learn in a conversation only for the exchange it's about.
            </p>
          </Card>
          <Card title="Review fairly">
            <p>
              Reviews should describe your own real experience. Don't trade reviews, review
              yourself, or use a review to get back at someone.
            </p>
          </Card>
          <Card title="Report, don’t retaliate">
            <p>
              If something's wrong, use Report and let our team handle it. Listings or accounts that
              break these guidelines may be removed.
            </p>
          </Card>
        </div>
      </ProseSection>
    </div>
  );
}

export default HelpContent;
