import { Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Loan } from './entities/loan.entity';

export interface AgreementParty {
  userId: string;
  fullName: string | null;
  documentType: string | null;
  documentNumber: string | null;
  /** The PNG the user drew when verifying their identity. */
  signaturePng: Buffer | null;
}

/** "2026-11-22 14:05 UTC": the agreement states times in UTC so that it reads the same everywhere. */
function utc(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The loan agreement as a PDF, rendered from the loan row and the borrower's KYC signature each
 * time it is asked for: the terms cannot drift from what was granted, and nothing extra is stored.
 */
@Injectable()
export class LoanAgreementRenderer {
  async render(loan: Loan, party: AgreementParty): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(`Loan agreement #${loan.id}`);
    pdf.setCreator('SWX Platform');
    pdf.setCreationDate(loan.createdAt);
    const page = pdf.addPage([595.28, 841.89]); // A4 in points
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    let y = 780;
    const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
      const size = options.size ?? 11;
      page.drawText(text, { x: 56, y, size, font: options.strong ? bold : font, color: rgb(0.1, 0.1, 0.12) });
      y -= options.gap ?? size + 7;
    };

    const interestDays = Math.max(0, loan.termDays - loan.interestFreeDays);
    const total = loan.amount.plus(loan.totalInterest);
    line(`Loan agreement #${loan.id}`, { size: 20, strong: true, gap: 34 });
    line(`Borrower: ${party.fullName ?? 'not verified'} (user ${party.userId})`);
    if (party.documentType && party.documentNumber)
      line(`Identity document: ${party.documentType} ${party.documentNumber}`);
    line('Lender: SWX Platform loan pool', { gap: 28 });

    line('Terms', { size: 14, strong: true, gap: 22 });
    line(`Principal: ${loan.amount.toFixed()} ${loan.currency}`);
    line(`Term: ${loan.termDays} days`);
    line(`Daily interest rate: ${loan.dailyRate.toFixed()}%`);
    line(`Interest-free days: ${loan.interestFreeDays}`);
    line(`Interest days: ${interestDays}`);
    line(`Total interest: ${loan.totalInterest.toFixed()} ${loan.currency}`);
    line(`Total due: ${total.toFixed()} ${loan.currency}`);
    line(`Granted: ${utc(loan.createdAt)}`);
    line(`Repayment date: ${utc(loan.dueAt)}`, { gap: 28 });

    line('Conditions', { size: 14, strong: true, gap: 22 });
    for (const clause of [
      '1. Interest accrues daily on the principal after the interest-free days, up to the repayment date.',
      '2. Early repayment pays the principal and the interest of the days used only.',
      '3. While the loan is open, withdrawals are not possible.',
      '4. A loan not repaid by the repayment date is overdue: the account is frozen',
      '    (no trading, no withdrawals) until principal and interest are repaid.',
    ])
      line(clause, { size: 10, gap: 16 });
    y -= 20;

    line('Signed by the borrower:', { strong: true, gap: 10 });
    if (party.signaturePng) {
      const image = await pdf.embedPng(party.signaturePng);
      const scale = Math.min(200 / image.width, 80 / image.height, 1);
      const height = image.height * scale;
      page.drawImage(image, { x: 56, y: y - height, width: image.width * scale, height });
      y -= height + 12;
    } else {
      line('(no signature on file)', { size: 10 });
    }
    line(`Agreed electronically on ${utc(loan.createdAt)}`, { size: 9 });
    if (loan.status === 'repaid' && loan.repaidAt)
      line(
        `Repaid on ${utc(loan.repaidAt)}: ${new Decimal(loan.repaidAmount ?? 0).toFixed()} ${loan.currency}`,
        {
          size: 9,
        },
      );
    return pdf.save();
  }
}
